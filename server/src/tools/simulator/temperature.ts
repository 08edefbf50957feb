/** The Temperature measurement type (GET /sensor-data/measurement/type/: fixed on every instance). */
export const TEMPERATURE_TYPE = '3f0c5a3e-6d1b-4c1e-9a57-2b8f0e6d4a01';

/**
 * Each tag's temperature: a drift around 4 °C, and now and then (1 % of the measurements) an
 * excursion of about +9 °C for a minute, so that the dashboard moves and alert rules fire.
 */
export function temperatures(epcs: readonly string[], random: () => number) {
  const state = new Map(epcs.map((e) => [e, { value: 3 + random() * 2, excursionUntil: 0 }]));
  return (epc: string) => {
    const tag = state.get(epc)!;
    const now = Date.now();
    tag.value = Math.min(8, Math.max(0, tag.value + (random() - 0.5) * 0.4));
    if (tag.excursionUntil < now && random() < 0.01) tag.excursionUntil = now + 60_000;
    const value = tag.value + (tag.excursionUntil >= now ? 9 : 0);
    return {
      epc,
      measurement_type: TEMPERATURE_TYPE,
      value: Math.round(value * 100) / 100,
      time: new Date(now).toISOString(),
    };
  };
}
