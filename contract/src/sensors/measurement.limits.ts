import { TEMPERATURE_TYPE_UUID } from './dashboard.schemas.js';

/** The Humidity measurement type (fixed for every customer). */
export const HUMIDITY_TYPE_UUID = '3f0c5a3e-6d1b-4c1e-9a57-2b8f0e6d4a02';

/**
 * The values a measurement type can plausibly take (docs/sensors.md, Plausible values): a reader
 * sending one outside is refused per row, as a value no sensor measures would otherwise stand in
 * the lists, the dashboard and the alerts' messages. Temperature in °C from absolute zero to
 * 1000 °C (beyond what any tag's electronics survive), relative humidity in % from 0 to 100.
 */
export const MEASUREMENT_RANGES: Readonly<Record<string, { min: number; max: number }>> = {
  [TEMPERATURE_TYPE_UUID]: { min: -273.15, max: 1000 },
  [HUMIDITY_TYPE_UUID]: { min: 0, max: 100 },
};

/** Whether a value is plausible for its type (a type without a range takes any finite value). */
export function isPlausibleMeasurement(type: string, value: number): boolean {
  const range = MEASUREMENT_RANGES[type];
  return Number.isFinite(value) && (!range || (value >= range.min && value <= range.max));
}
