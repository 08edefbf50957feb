/** How often the database is checked in the background (one check at a time). */
export const READINESS_CHECK_EVERY_MS = 5_000;
/** Ready while the database answered a check within this long. */
export const READINESS_MAX_AGE_MS = 30_000;
/** How long a readiness answer waits for the very first check of a process. */
const FIRST_CHECK_WAIT_MS = 50;

export interface Readiness {
  ready: boolean;
  /** Milliseconds since the database last answered a check (undefined: not yet). */
  checkedAgoMs?: number;
}

/**
 * GET /readyz's answer, from this process's state: the database's last check, made in the
 * background, never by the request itself. On the embedded database every statement takes one
 * session in turn, so a check made on the request would queue behind a dozen exports for seconds
 * and fail a healthy server's health check; on PostgreSQL it would wait for a pooled connection.
 * The process is ready while the database answered a check within `maxAgeMs`; a check that fails
 * makes it unready at once, one that has not answered for `maxAgeMs` (a database that hangs) too.
 */
export class DatabaseReadiness {
  private lastOk: number | undefined;
  private failed = false;
  private inFlight: Promise<void> | undefined;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly ping: () => Promise<void>,
    private readonly options: {
      everyMs?: number;
      maxAgeMs?: number;
      now?: () => number;
      /** Told when a check fails after one that answered (or the first one fails). */
      onFailure?: (error: unknown) => void;
    } = {},
  ) {
    this.check();
    this.timer = setInterval(() => this.check(), options.everyMs ?? READINESS_CHECK_EVERY_MS);
    this.timer.unref();
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  /** Starts a check unless one is running. */
  private check(): void {
    if (this.inFlight) return;
    this.inFlight = this.ping().then(
      () => {
        this.lastOk = this.now();
        this.failed = false;
      },
      (error: unknown) => {
        if (!this.failed) this.options.onFailure?.(error);
        this.failed = true;
      },
    );
    void this.inFlight.finally(() => {
      this.inFlight = undefined;
    });
  }

  /** Answers at once (a process's very first answer waits up to 50 ms for its first check). */
  async state(): Promise<Readiness> {
    if (this.lastOk === undefined && !this.failed && this.inFlight) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        this.inFlight,
        new Promise((resolve) => {
          timer = setTimeout(resolve, FIRST_CHECK_WAIT_MS);
        }),
      ]);
      clearTimeout(timer);
    }
    if (this.lastOk === undefined) return { ready: false };
    const checkedAgoMs = this.now() - this.lastOk;
    return { ready: !this.failed && checkedAgoMs <= (this.options.maxAgeMs ?? READINESS_MAX_AGE_MS), checkedAgoMs };
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
