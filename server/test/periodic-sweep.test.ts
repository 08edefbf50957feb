import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { startPeriodicSweep } from '../src/jobs/periodic-sweep.js';
import { buildTestApp, type TestApp } from './build-test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const silent = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a periodic sweep', () => {
  it('runs once an interval however many processes run its timer', async () => {
    const runs: string[] = [];
    const claim = `test_sweep_${Date.now()}`;
    const processes = ['a', 'b', 'c'].map((name) =>
      startPeriodicSweep(t.database.privileged, silent, {
        name: 'test sweep',
        claim,
        intervalMs: 1_000,
        run: async () => void runs.push(name),
      }),
    );
    try {
      // Three timers fire twice each: six chances, two intervals.
      await wait(2_500);
    } finally {
      await Promise.all(processes.map((p) => p.stop()));
    }
    expect(runs.length).toBeGreaterThanOrEqual(1);
    expect(runs.length).toBeLessThanOrEqual(2);
  });

  it('runs at start in every process when told, unclaimed, and logs a failed round by its name', async () => {
    const runs: string[] = [];
    const errors: string[] = [];
    const log = { ...silent, error: (_: unknown, message: string) => void errors.push(message) } as FastifyBaseLogger;
    const claim = `test_start_${Date.now()}`;
    const processes = ['a', 'b'].map((name) =>
      startPeriodicSweep(t.database.privileged, log, {
        name: 'clean-up',
        claim,
        intervalMs: 3_600_000,
        runAtStart: true,
        run: async () => {
          runs.push(name);
          throw new Error('refused');
        },
      }),
    );
    await wait(200);
    await Promise.all(processes.map((p) => p.stop()));
    expect(runs.sort()).toEqual(['a', 'b']);
    expect(errors).toEqual(['clean-up failed', 'clean-up failed']);
  });
});
