import { SQLSTATE, sqlState } from './pg-error.js';

/** SQLSTATEs after which the whole transaction may simply run again: deadlock, serialization failure. */
const RETRYABLE = new Set<string>([SQLSTATE.deadlockDetected, SQLSTATE.serializationFailure]);

/** Seconds a client is asked to wait (Retry-After) before sending a request that met a conflict again. */
export const CONFLICT_RETRY_AFTER_SECONDS = 1;
/**
 * Seconds a client is asked to wait (Retry-After) before sending again a request whose statement
 * ran past the statement timeout: the database is busy, or the request asks for too much at once.
 */
export const TIMEOUT_RETRY_AFTER_SECONDS = 5;

/**
 * True for a transaction the database aborted as a deadlock victim or for a serialization
 * failure: nothing of it was kept, and the same request may simply be sent again. The API answers
 * it 503 ServiceUnavailable with Retry-After, never 500.
 */
export function isTransientConflict(error: unknown): boolean {
  const code = sqlState(error);
  return code !== undefined && RETRYABLE.has(code);
}

/**
 * Runs a transaction again (at most `retries` more times) when the database aborted it as a
 * deadlock victim or for a serialization failure: the aborted attempt left nothing behind. A last
 * resort: writers take their locks in one order (docs/counts.md), so a conflict is rare; one that
 * outlasts the retries is thrown as it came (isTransientConflict).
 */
export async function retryOnConflict<R>(work: () => Promise<R>, retries = 2): Promise<R> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= retries || !isTransientConflict(error)) throw error;
      // A short, random pause so the two transactions do not collide again in step.
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * (attempt + 1)));
    }
  }
}
