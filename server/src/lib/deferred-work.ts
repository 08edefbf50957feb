import type { FastifyBaseLogger } from 'fastify';

/**
 * Work a request starts but does not wait for (mail sent after the answer, so the answer's timing
 * tells nothing about what the work found). Failures are logged; `idle()` lets the app finish the
 * work in flight before it closes the database, and lets tests wait for it.
 */
export class DeferredWork {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  run(label: string, work: () => Promise<void>): void {
    const task = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((error: unknown) => this.log.error({ err: error }, `${label} failed`))
      .finally(() => this.pending.delete(task));
    this.pending.add(task);
  }

  /** Resolves once no work is in flight, including work started while waiting. */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Work started by requests that answer before it ends (mail); tests await `deferred.idle()`. */
    deferred: DeferredWork;
  }
}
