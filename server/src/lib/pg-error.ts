/**
 * What the database said when a statement failed: its SQLSTATE and, for constraint violations,
 * the constraint and the detail line. The one reader of driver errors, for node-postgres and
 * PGlite alike, also when Drizzle wraps the driver's error (`cause`).
 */
export interface DatabaseError {
  code: string;
  constraint?: string;
  detail?: string;
}

/** The SQLSTATEs the server acts on by name. */
export const SQLSTATE = {
  uniqueViolation: '23505',
  invalidTextRepresentation: '22P02',
  numericValueOutOfRange: '22003',
  stringDataRightTruncation: '22001',
  invalidDatetimeFormat: '22007',
  datetimeFieldOverflow: '22008',
  invalidTimeZoneDisplacementValue: '22009',
  /** Also "time zone … not recognized". */
  invalidParameterValue: '22023',
  deadlockDetected: '40P01',
  serializationFailure: '40001',
  /** A statement cancelled: by the statement timeout (STATEMENT_TIMEOUT_MS), or by an administrator. */
  queryCanceled: '57014',
} as const;

/** The database's error inside `error` (itself or a cause, a few levels deep), or undefined. */
export function databaseError(error: unknown): DatabaseError | undefined {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const { code, constraint, detail } = e as { code?: unknown; constraint?: unknown; detail?: unknown };
    // Only five-character SQLSTATEs: Node's own codes (ECONNRESET, …) are not the database's.
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return {
        code,
        ...(typeof constraint === 'string' ? { constraint } : {}),
        ...(typeof detail === 'string' ? { detail } : {}),
      };
    }
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The SQLSTATE of a database error, also when the driver's error is wrapped. */
export function sqlState(error: unknown): string | undefined {
  return databaseError(error)?.code;
}

/**
 * A unique violation, with the text that names what was duplicated (its constraint and detail,
 * e.g. `items_customer_id_code_key Key (customer_id, code)=(1, E2…)`), or undefined.
 */
export function uniqueViolation(error: unknown): { where: string; constraint?: string; detail?: string } | undefined {
  const e = databaseError(error);
  if (e?.code !== SQLSTATE.uniqueViolation) return undefined;
  return { where: `${e.constraint ?? ''} ${e.detail ?? ''}`, constraint: e.constraint, detail: e.detail };
}

/**
 * Invalid text, a value out of range, text too long, a date or zone the database does not take:
 * bad input that slipped past a schema, or a stored value the rules now refuse. Refused as a
 * ValidationError (HTTP 400, or an MQTT refusal that is not sent again), never a server error.
 */
const BAD_VALUE = new Set<string>([
  SQLSTATE.invalidTextRepresentation,
  SQLSTATE.numericValueOutOfRange,
  SQLSTATE.stringDataRightTruncation,
  SQLSTATE.invalidDatetimeFormat,
  SQLSTATE.datetimeFieldOverflow,
  SQLSTATE.invalidTimeZoneDisplacementValue,
  SQLSTATE.invalidParameterValue,
]);

/** Whether the database refused a value (BAD_VALUE above). */
export function isBadValue(error: unknown): boolean {
  return BAD_VALUE.has(sqlState(error) ?? '');
}

/**
 * A statement the database cancelled, normally for running longer than the request's statement
 * timeout: nothing of its transaction was kept. The API answers it 503 ServiceUnavailable with
 * Retry-After, never 500.
 */
export function isCancelledStatement(error: unknown): boolean {
  return sqlState(error) === SQLSTATE.queryCanceled;
}
