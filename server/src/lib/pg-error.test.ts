import { describe, expect, it } from 'vitest';
import { databaseError, sqlState, uniqueViolation } from './pg-error.js';

const driverError = (fields: Record<string, unknown>) => Object.assign(new Error('driver'), fields);
/** As Drizzle throws it: its own error with the driver's as the cause. */
const wrapped = (cause: Error) => Object.assign(new Error('Failed query'), { cause });

describe('database errors', () => {
  it('reads the SQLSTATE only from five-character codes, also through a cause', () => {
    expect(sqlState(wrapped(driverError({ code: '40P01' })))).toBe('40P01');
    expect(sqlState(driverError({ code: 'ECONNRESET' }))).toBeUndefined();
    expect(sqlState(wrapped(driverError({ code: 'ECONNRESET' })))).toBeUndefined();
    expect(sqlState('text')).toBeUndefined();
    expect(sqlState(null)).toBeUndefined();
  });

  it('keeps the constraint and detail of a violation, and only strings', () => {
    const error = driverError({ code: '23505', constraint: 'products_customer_id_sku_key', detail: 'Key (sku)=(1)' });
    expect(databaseError(wrapped(error))).toEqual({
      code: '23505',
      constraint: 'products_customer_id_sku_key',
      detail: 'Key (sku)=(1)',
    });
    expect(databaseError(driverError({ code: '22P02', constraint: 42 }))).toEqual({ code: '22P02' });
  });

  it('tells a unique violation and names what was duplicated', () => {
    const error = driverError({ code: '23505', constraint: 'items_customer_id_code_key', detail: 'Key (code)=(E2)' });
    expect(uniqueViolation(wrapped(error))?.where).toBe('items_customer_id_code_key Key (code)=(E2)');
    expect(uniqueViolation(driverError({ code: '23503', constraint: 'x' }))).toBeUndefined();
    expect(uniqueViolation(new Error('plain'))).toBeUndefined();
  });
});
