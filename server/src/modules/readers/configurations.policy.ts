import {
  antennasOfMask,
  HANDHELD_APP,
  HANDHELD_KIND,
  messageWithParams,
  txDeviceToPercent,
  MESSAGE_KEYS as M,
  type ConfData,
  type ReaderApp,
  type ReaderKind,
} from '@tagtrack/contract';

/** Beam-forming readers: antennas 1–4 do not exist, the picker's beams are 5–28 and external ports 29–32. */
export const BFA_FIRST_ANTENNA = 5;

/** The antennas (1-based, inclusive) a reader type has. */
export function antennaRange(kind: ReaderKind): { first: number; last: number } {
  return kind.ui_configuration.bfa
    ? { first: BFA_FIRST_ANTENNA, last: kind.ui_configuration.antenna }
    : { first: 1, last: kind.ui_configuration.antenna };
}

export interface ConfigurationChoice {
  reader_type: string;
  application: string;
  conf_data: Pick<ConfData, 'Rfid'>;
}

/**
 * What is wrong with a configuration for the catalogue's reader types and apps: field → English
 * messages, empty when nothing is. The reader type must be a known, enabled kind; the app a known
 * app, the handheld app exactly for Handheld configurations; each Rfid entry may only select
 * antennas of the type and at most its maximum RF power.
 */
export function configurationProblems(
  input: ConfigurationChoice,
  kinds: readonly ReaderKind[],
  apps: readonly ReaderApp[],
): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  const kind = kinds.find((k) => k.name === input.reader_type && !k.disabled);
  if (!kind) problems.reader_type = [M.unknownReaderType];

  const handheld = input.reader_type === HANDHELD_KIND;
  if (!apps.some((a) => a.name === input.application)) problems.application = [M.unknownApplication];
  else if (handheld && input.application !== HANDHELD_APP) problems.application = [M.handheldAppRequired];
  else if (!handheld && input.application === HANDHELD_APP) problems.application = [M.unknownApplication];

  if (kind) {
    const { first, last } = antennaRange(kind);
    input.conf_data.Rfid.forEach((rfid, i) => {
      if (antennasOfMask(rfid.AntennaMask).some((n) => n < first || n > last)) {
        problems[`conf_data.Rfid.${i}.AntennaMask`] = [messageWithParams('antennaNotOfType', { first, last })];
      }
      if (txDeviceToPercent(rfid.TxLevel) > kind.ui_configuration.max_power) {
        problems[`conf_data.Rfid.${i}.TxLevel`] = [
          messageWithParams('txPowerAboveMaximum', { max: kind.ui_configuration.max_power }),
        ];
      }
    });
  }
  return problems;
}
