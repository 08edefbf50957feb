/** FR22 and FR22-EXT name their ports (02 §3): 1 Internal, 2 AUX1, 3 AUX2, 4 AUX3. */
const PORT_LABEL_KINDS = new Set(['FR22', 'FR22-EXT']);
const PORT_LABELS: Record<number, string> = { 1: 'Internal', 2: 'AUX1', 3: 'AUX2', 4: 'AUX3' };

/** The port name of antenna n on this reader type, if it has one. */
export function portLabel(kind: string, antenna: number): string | undefined {
  return PORT_LABEL_KINDS.has(kind) ? PORT_LABELS[antenna] : undefined;
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
