export * from './epc.types.js';
export * from './epc.js';
export { encodeGiai96, giai96AssetReferenceMaximum } from './giai96.js';
export { NID_LAYOUTS, NID32_SERIAL_MAX, NID64_SERIAL_MAX, type NidLayout, type NidMethod } from './nid.js';
export { SGTIN96_SERIAL_MAX } from './sgtin96.js';
export { SGTIN96_PARTITIONS, GIAI96_PARTITIONS, type Partition } from './gs1.js';
