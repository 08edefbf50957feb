/**
 * FR22 and FR22-EXT name their ports (02 §3): 1 Internal, 2 AUX1, 3 AUX2, 4 AUX3. AUXn are the
 * device's codes and stay as printed; Internal is a word and comes translated from the caller.
 */
const PORT_LABEL_KINDS = new Set(['FR22', 'FR22-EXT']);
const INTERNAL_PORT = 1;
const PORT_CODES: Record<number, string> = { 2: 'AUX1', 3: 'AUX2', 4: 'AUX3' };

/** The port name of antenna n on this reader type, if it has one; `internal` names port 1. */
export function portLabel(kind: string, antenna: number, internal: string): string | undefined {
  if (!PORT_LABEL_KINDS.has(kind)) return undefined;
  return antenna === INTERNAL_PORT ? internal : PORT_CODES[antenna];
}

/** Beam-forming antennas (02 §2): three rings of eight beams, then four external antennas. */
export const BEAM_RINGS = [
  { ring: 'inner', first: 5 },
  { ring: 'middle', first: 13 },
  { ring: 'outer', first: 21 },
] as const;
export const BEAMS_PER_RING = 8;
export const EXTERNAL_ANTENNAS = [29, 30, 31, 32] as const;
export const BFA_ANTENNAS = [
  ...BEAM_RINGS.flatMap(({ first }) => Array.from({ length: BEAMS_PER_RING }, (_, i) => first + i)),
  ...EXTERNAL_ANTENNAS,
];
