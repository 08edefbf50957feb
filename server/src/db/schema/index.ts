export * from './customers.js';
export * from './users.js';
export * from './error-reports.js';
export * from './locations.js';
export * from './catalogue.js';
export * from './mail.js';
export * from './readers.js';
export * from './tracking.js';
