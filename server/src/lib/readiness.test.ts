import { afterEach, describe, expect, it } from 'vitest';
import { DatabaseReadiness } from './readiness.js';

const probes: DatabaseReadiness[] = [];
afterEach(() => probes.splice(0).forEach((p) => p.stop()));

/** A database check the test answers by hand, on a clock the test moves. */
function harness() {
  let clock = 1_000_000;
  const pending: { resolve: () => void; reject: (e: Error) => void }[] = [];
  const failures: unknown[] = [];
  const probe = new DatabaseReadiness(() => new Promise<void>((resolve, reject) => pending.push({ resolve, reject })), {
    everyMs: 60_000,
    maxAgeMs: 30_000,
    now: () => clock,
    onFailure: (error) => failures.push(error),
  });
  probes.push(probe);
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    probe,
    failures,
    pending,
    advance: (ms: number) => (clock += ms),
    answer: async () => {
      pending.shift()!.resolve();
      await settle();
    },
    refuse: async () => {
      pending.shift()!.reject(new Error('connection refused'));
      await settle();
    },
    /** The background check the interval would start. */
    tick: () => (probe as unknown as { check(): void }).check(),
  };
}

describe('readiness from the last database check', () => {
  it('is ready once the database answered, and stays so while a later check waits behind other work', async () => {
    const h = harness();
    await h.answer();
    expect(await h.probe.state()).toEqual({ ready: true, checkedAgoMs: 0 });
    h.advance(5_000);
    h.tick(); // queued behind exports: no answer yet
    h.tick(); // one check at a time
    expect(h.pending).toHaveLength(1);
    h.advance(20_000);
    expect(await h.probe.state()).toEqual({ ready: true, checkedAgoMs: 25_000 });
    await h.answer();
    expect(await h.probe.state()).toEqual({ ready: true, checkedAgoMs: 0 });
  });

  it('is not ready when no check answered for longer than the bound (a database that hangs)', async () => {
    const h = harness();
    await h.answer();
    h.tick();
    h.advance(30_001);
    expect(await h.probe.state()).toEqual({ ready: false, checkedAgoMs: 30_001 });
  });

  it('is not ready at once when a check fails, and again ready when one answers', async () => {
    const h = harness();
    await h.answer();
    h.tick();
    await h.refuse();
    expect((await h.probe.state()).ready).toBe(false);
    expect(h.failures).toHaveLength(1);
    h.tick();
    await h.refuse();
    expect(h.failures).toHaveLength(1); // told once, not at every check
    h.tick();
    await h.answer();
    expect((await h.probe.state()).ready).toBe(true);
  });

  it('waits briefly for a process’s first check, then says not ready', async () => {
    const h = harness();
    const started = Date.now();
    expect(await h.probe.state()).toEqual({ ready: false });
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
