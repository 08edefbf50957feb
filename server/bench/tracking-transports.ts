// The bench's readers and the server's MQTT side for the tracking scenario: the reader devices run
// in a worker thread (reader-devices.ts), and the server's MQTT ingest runs on a broker of the
// bench's choosing.
import { randomUUID } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../src/db/client.js';
import type { AppCaches } from '../src/lib/app-caches.js';
import type { DevicesAnswer, DevicesRequest, DevicesSetup, RunBatch } from './reader-devices.js';

/** The reader devices' worker (reader-devices.ts): each request answered by its id. */
export function startDevices(setup: DevicesSetup) {
  const worker = new Worker(new URL('./reader-devices.mjs', import.meta.url), {
    workerData: setup,
  });
  let failure: Error | null = null;
  const pending = new Map<number, { resolve: (answer: DevicesAnswer) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  worker.on('message', (answer: DevicesAnswer) => {
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
  worker.on('exit', (code) => fail(new Error(`the reader devices' worker stopped (exit code ${code})`)));
  const ask = (request: DistributiveOmit<DevicesRequest, 'id'>) =>
    new Promise<DevicesAnswer>((resolve, reject) => {
      if (failure) return reject(failure);
      const id = nextId++;
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...request, id });
    });
  return {
    /** An ingest run (reader-devices.ts, run). */
    run: async (transport: 'http' | 'mqtt', batches: RunBatch[], concurrency: number, offered: number) =>
      (await ask({ kind: 'run', transport, batches, concurrency, offered })).run!,
    connectMqtt: async (url: string, readsTopics: string[], acksTopics: string[]) => {
      await ask({ kind: 'mqtt', url, readsTopics, acksTopics });
    },
    close: async () => {
      await ask({ kind: 'close' });
      await worker.terminate();
    },
  };
}
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** The server's MQTT ingest on a broker (BENCH_MQTT_URL, else the embedded one). */
export async function startMqtt(database: Database, jwtSecret: string, caches: AppCaches) {
  const pino = (await import('pino')).default;
  const { startMqttIngest } = await import('../src/transports/mqtt/mqtt-ingest.js');
  const { readsTopic, acksTopic } = await import('../src/transports/mqtt/topics.js');
  const { startEmbeddedBroker } = await import('../src/transports/mqtt/embedded-broker.js');
  const { ReaderTokenSigner } = await import('../src/lib/auth/reader-tokens.js');
  const { isReaderToken } = await import('../src/modules/readers/reader-principal.service.js');
  const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
  const root = `tagtrack-bench-${randomUUID().slice(0, 8)}/readers`;
  const external = process.env.BENCH_MQTT_URL;
  const signer = new ReaderTokenSigner(jwtSecret);
  const broker = external
    ? null
    : await startEmbeddedBroker({
        host: '127.0.0.1',
        port: 0,
        log,
        topicRoot: root,
        authenticateReader: (serial, token) => isReaderToken(database.privileged, signer, serial, token),
      });
  if (!external && !broker) throw new Error('the embedded MQTT broker did not start');
  const url = external ?? `mqtt://127.0.0.1:${broker!.port}`;
  const ingest = startMqttIngest(
    { db: database.privileged, signer, log, topicRoot: root, caches },
    url,
    broker?.serverCredentials,
  );
  await ingest.ready;
  return {
    broker: external ? 'external broker' : 'embedded broker',
    url,
    readsTopic: (serial: string) => readsTopic(serial, root),
    acksTopic: (serial: string) => acksTopic(serial, root),
    async close() {
      await ingest.close();
      await broker?.close();
    },
  };
}
