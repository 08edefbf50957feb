import { describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES as M, validationMessage, type ReaderApp, type ReaderKind } from '@tagtrack/contract';
import { antennaRange, configurationProblems } from './configurations.policy.js';

const kind = (id: number, name: string, antenna: number, max_power: number, bfa = false, disabled = false) =>
  ({ id, name, disabled, ui_configuration: { antenna, max_power, bfa } }) satisfies ReaderKind;
const KINDS = [
  kind(1, 'FR22', 4, 100),
  kind(3, 'Sampo S3', 32, 80, true),
  kind(4, 'IRX200', 2, 60),
  kind(5, 'Handheld', 1, 100),
  kind(6, 'Old', 4, 100, false, true),
];
const APPS: ReaderApp[] = [
  { name: 'BradyReaderApp', version: '1' },
  { name: 'Tagtrack App', version: '1' },
];
/** The problems found, in English as the API answers them (the policy words them as message keys). */
const check = (reader_type: string, application: string, AntennaMask = 1, TxLevel = 0) =>
  Object.fromEntries(
    Object.entries(
      configurationProblems(
        { reader_type, application, conf_data: { Rfid: [{ TxLevel, AntennaMask, Session: 0, RfidFilter: [] }] } },
        KINDS,
        APPS,
      ),
    ).map(([field, messages]) => [field, messages.map(validationMessage)]),
  );

describe('antennaRange', () => {
  it.each([
    ['FR22', 1, 4],
    ['IRX200', 1, 2],
    ['Sampo S3', 5, 32],
  ])('%s has antennas %i to %i', (name, first, last) => {
    expect(antennaRange(KINDS.find((k) => k.name === name)!)).toEqual({ first, last });
  });
});

describe('configurationProblems', () => {
  it.each([
    ['FR22', 'BradyReaderApp', 0b1111, 0, {}],
    ['Handheld', 'Tagtrack App', 1, 0, {}],
    ['Sampo S3', 'BradyReaderApp', 2 ** 4 + 2 ** 31, 1, {}],
    ['IRX200', 'BradyReaderApp', 0b11, 2, {}],
    ['FR99', 'BradyReaderApp', 1, 0, { reader_type: [M.unknownReaderType] }],
    ['Old', 'BradyReaderApp', 1, 0, { reader_type: [M.unknownReaderType] }],
    ['FR22', 'Nope', 1, 0, { application: [M.unknownApplication] }],
    ['FR22', 'Tagtrack App', 1, 0, { application: [M.unknownApplication] }],
    ['Handheld', 'BradyReaderApp', 1, 0, { application: [M.handheldAppRequired] }],
    [
      'Handheld',
      'Tagtrack App',
      0b10,
      0,
      { 'conf_data.Rfid.0.AntennaMask': ['Select only antennas 1 to 1 of this reader type.'] },
    ],
    [
      'FR22',
      'BradyReaderApp',
      0b10000,
      0,
      { 'conf_data.Rfid.0.AntennaMask': ['Select only antennas 1 to 4 of this reader type.'] },
    ],
    [
      'Sampo S3',
      'BradyReaderApp',
      0b1000,
      1,
      { 'conf_data.Rfid.0.AntennaMask': ['Select only antennas 5 to 32 of this reader type.'] },
    ],
    [
      'Sampo S3',
      'BradyReaderApp',
      2 ** 32,
      1,
      { 'conf_data.Rfid.0.AntennaMask': ['Select only antennas 5 to 32 of this reader type.'] },
    ],
    [
      'Sampo S3',
      'BradyReaderApp',
      2 ** 4,
      0,
      { 'conf_data.Rfid.0.TxLevel': ['This reader type allows at most 80% RF power.'] },
    ],
    [
      'IRX200',
      'BradyReaderApp',
      1,
      1,
      { 'conf_data.Rfid.0.TxLevel': ['This reader type allows at most 60% RF power.'] },
    ],
  ] as const)('%s with %s, mask %i, TxLevel %i', (type, app, mask, tx, expected) => {
    expect(check(type, app, mask, tx)).toEqual(expected);
  });
});
