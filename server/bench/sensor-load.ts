// The sensors scenario's settings and load (bench/sensors.ts): which sensor each reader's batch
// measures, the excursions among them, and the client of the worker thread that sends them.
import { randomUUID } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import type { SensorBatch, SensorDevicesAnswer, SensorDevicesRequest, SensorRunResult } from './sensor-devices.js';
import { benchEpc } from './tracking-reads.js';

export const TEMPERATURE = '3f0c5a3e-6d1b-4c1e-9a57-2b8f0e6d4a01';
export const PRODUCTS = 1_000;
export const SENSORS_PER_PRODUCT = 10;
export const SENSORS = PRODUCTS * SENSORS_PER_PRODUCT;
export const READERS = Number(process.env.BENCH_SENSOR_READERS ?? 10);
/** Measurements a second the readers offer together in the paced run, and for how long. */
export const RATE = Number(process.env.BENCH_SENSOR_RATE ?? 2_000);
export const SECONDS = Number(process.env.BENCH_SENSOR_SECONDS ?? 30);
export const BATCH = 100;
/** Batches of the unpaced run (the capacity). */
export const CAPACITY_BATCHES = Number(process.env.BENCH_SENSOR_CAPACITY_BATCHES ?? 600);
/** The share of values outside 2–8 °C, each on a sensor that never crossed before (so each alerts). */
export const EXCURSIONS = 0.005;
export const LOW = 2;
export const HIGH = 8;
/** The dashboard's sensor reports every 5 s for a day: 17,280 values, 1,440 minutes. */
export const CHART_STEP_MS = 5_000;
export const DAY_MS = 86_400_000;

export type Excursion = { epc: string; time: number; batch: number };

/**
 * The readers' sensors: sensor n (product ⌊n / 10⌋) at reader n % READERS's location, each reader
 * reporting its sensors in turn, BATCH a batch; a share of the values crosses a limit, each on a
 * sensor of its own.
 */
export class SensorModel {
  private readonly cursor = Array.from({ length: READERS }, () => 0);
  private readonly crossed = new Set<number>();
  private low = false;

  /** A batch of reader r's values, all measured at `time`, and the excursions among them. */
  batch(reader: number, time: number, excursionShare: number, batchIndex: number) {
    const measurements = [];
    const excursions: Excursion[] = [];
    const iso = new Date(time).toISOString();
    const perReader = Math.ceil((SENSORS - reader) / READERS);
    for (let k = 0; k < BATCH; k++) {
      const n = reader + READERS * (this.cursor[reader]!++ % perReader);
      const epc = benchEpc(1 + Math.floor(n / SENSORS_PER_PRODUCT), n);
      let value = Math.round((5 + (Math.random() - 0.5) * 4) * 100) / 100;
      if (excursionShare > 0 && !this.crossed.has(n) && Math.random() < excursionShare) {
        this.crossed.add(n);
        this.low = !this.low;
        value = this.low ? LOW - 1.5 : HIGH + 1.5;
        excursions.push({ epc, time, batch: batchIndex });
      }
      measurements.push({ epc, measurement_type: TEMPERATURE, value, time: iso });
    }
    return { body: JSON.stringify({ batch_id: randomUUID(), measurements }), excursions };
  }
}

/** The sensor readers' worker (sensor-devices.ts): each request answered by its id. */
export function startSensorDevices(address: string, tokens: string[]) {
  const worker = new Worker(new URL('./sensor-devices.mjs', import.meta.url), { workerData: { address, tokens } });
  const pending = new Map<number, { resolve: (answer: SensorDevicesAnswer) => void; reject: (e: Error) => void }>();
  let failure: Error | null = null;
  let nextId = 0;
  worker.on('message', (answer: SensorDevicesAnswer) => {
    const waiting = pending.get(answer.id);
    pending.delete(answer.id);
    if (answer.error) waiting?.reject(new Error(answer.error));
    else waiting?.resolve(answer);
  });
  const fail = (error: Error) => {
    failure ??= error;
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the sensor readers' worker stopped (exit code ${code})`)));
  const ask = (request: SensorDevicesRequest) =>
    new Promise<SensorDevicesAnswer>((resolve, reject) => {
      if (failure) return reject(failure);
      pending.set(request.id, { resolve, reject });
      worker.postMessage(request);
    });
  return {
    run: async (batches: SensorBatch[], paced: boolean): Promise<SensorRunResult> =>
      (await ask({ kind: 'run', id: nextId++, batches, paced })).run!,
    close: async () => {
      await ask({ kind: 'close', id: nextId++ });
      await worker.terminate();
    },
  };
}
