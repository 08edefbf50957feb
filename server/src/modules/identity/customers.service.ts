// Other modules read the tenant's own customer (its limits and extensions) through this service.
export { findOwnCustomer, type CustomerRow } from './customers.repository.js';
