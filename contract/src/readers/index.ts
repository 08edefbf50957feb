export * from './reader.limits.js';
export * from './reader.rules.js';
export * from './reader.schemas.js';
export * from './configuration.schemas.js';
export * from './configuration.rules.js';
