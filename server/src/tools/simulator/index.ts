export { simulate } from './simulate.js';
export type { SimulateOptions, SimulateSummary, SimulatedReader } from './options.js';
export { TEMPERATURE_TYPE } from './temperature.js';
