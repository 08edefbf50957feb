import { z } from 'zod';

/**
 * A kind of measurement a sensor reports (03 §7 GET /sensor-data/measurement/type/): the same for
 * every customer. `unit` is what follows a degree sign where the spec shows one (Latest Active
 * Events: "4.25 °C"); `symbol` is the unit as it is written after a value.
 */
export const MeasurementTypeSchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  unit: z.string(),
  symbol: z.string(),
});
export type MeasurementType = z.infer<typeof MeasurementTypeSchema>;
