/** SQLSTATEs after which the whole transaction may simply run again: deadlock, serialization failure. */
const RETRYABLE = new Set(['40P01', '40001']);

/** The SQLSTATE of a database error, also when the driver's error is wrapped (Drizzle's `cause`). */
export function sqlState(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Runs a transaction again (at most `retries` more times) when the database aborted it as a
 * deadlock victim or for a serialization failure: concurrent batches touching the same items or
 * count rows can deadlock, and the aborted attempt left nothing behind.
 */
export async function retryOnConflict<R>(work: () => Promise<R>, retries = 2): Promise<R> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const code = sqlState(error);
      if (attempt >= retries || !code || !RETRYABLE.has(code)) throw error;
      // A short, random pause so the two transactions do not collide again in step.
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * (attempt + 1)));
    }
  }
}
