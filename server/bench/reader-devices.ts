// The bench's readers, in a worker thread: they send the batches of the tracking scenario over HTTP
// or MQTT and wait for each answer, so that the load they make is not run on the server's own
// event loop (real readers are other machines).
import { randomUUID } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import { Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import mqtt from 'mqtt';

export interface DevicesSetup {
  /** The server's address, for HTTP. */
  address: string;
  /** Per reader: its serial and its token. */
  readers: { serial: string; token: string }[];
}

/** One batch of a run: the reader that sends it, and its JSON. */
export interface RunBatch {
  reader: number;
  body: string;
  /**
   * A sender of several readers whose batches go one after another, in order (the contention
   * run): a run whose batches name lanes sends each lane's in turn, all lanes at once.
   */
  lane?: number;
}

/**
 * A message from the bench: set up MQTT devices, or make an ingest run. A run is sent here whole
 * and answered once, so that the bench's thread, which is also the server's, does no work per batch.
 */
export type DevicesRequest =
  | { kind: 'mqtt'; id: number; url: string; readsTopics: string[]; acksTopics: string[] }
  | {
      kind: 'run';
      id: number;
      transport: 'http' | 'mqtt';
      batches: RunBatch[];
      /** Batches in flight (closed loop). */
      concurrency: number;
      /** Reads a second (open loop), or 0. */
      offered: number;
    }
  | { kind: 'close'; id: number };

/**
 * A run's outcome: items moved, each answered batch's ack latency (ms), the run's length (s), and
 * the batches refused, with the first refusal.
 */
export interface RunResult {
  moved: number;
  latencies: number[];
  seconds: number;
  failed: number;
  firstFailure?: string;
}

export interface DevicesAnswer {
  id: number;
  run?: RunResult;
  error?: string;
}

const setup = workerData as DevicesSetup;
const port = parentPort!;

type Send = (reader: number, body: string) => Promise<number>;

// node:http with kept-alive connections rather than fetch, which took nearly twice the CPU a
// batch: the readers share the server's cores here, so what they spend is taken from the server.
const agent = new Agent({ keepAlive: true });
const readsUrl = new URL('/reader-api/reads/', setup.address);

const sendHttp: Send = (reader, body) =>
  new Promise((resolve, reject) => {
    const req = httpRequest(
      readsUrl,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          authorization: `Bearer ${setup.readers[reader]!.token}`,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          if (res.statusCode !== 200) return reject(new Error(`HTTP ${res.statusCode} ${text}`));
          resolve((JSON.parse(text) as { moved?: number }).moved ?? 0);
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });

let sendMqtt: Send | null = null;
const clients: mqtt.MqttClient[] = [];

/** One MQTT client per reader, each publishing with its token and waiting for its ack. */
async function connectMqtt(url: string, readsTopics: string[], acksTopics: string[]): Promise<Send> {
  const waiting = new Map<string, (ack: { ok: boolean; moved?: number }) => void>();
  const devices = await Promise.all(
    setup.readers.map(async ({ serial, token }, reader) => {
      // Signed in as its reader, as the embedded broker requires for hearing acks.
      const client = await mqtt.connectAsync(url, {
        clientId: `bench-${randomUUID().slice(0, 8)}`,
        username: serial,
        password: token,
      });
      if (client.stream instanceof Socket) client.stream.setNoDelay(true);
      clients.push(client);
      client.on('message', (_topic, payload) => {
        const ack = JSON.parse(payload.toString()) as { ok: boolean; batch_id: string; moved?: number };
        waiting.get(ack.batch_id)?.(ack);
        waiting.delete(ack.batch_id);
      });
      await client.subscribeAsync(acksTopics[reader]!, { qos: 1 });
      return { client, token };
    }),
  );
  return async (reader, body) => {
    const { client, token } = devices[reader]!;
    const batch = JSON.parse(body) as { batch_id: string; reads: unknown[] };
    const answer = new Promise<{ ok: boolean; moved?: number }>((resolve) => waiting.set(batch.batch_id, resolve));
    await client.publishAsync(readsTopics[reader]!, JSON.stringify({ token, ...batch }), { qos: 1 });
    const ack = await answer;
    if (!ack.ok) throw new Error(`MQTT batch refused: ${JSON.stringify(ack)}`);
    return ack.moved ?? 0;
  };
}

/**
 * An ingest run. Closed loop by default: concurrency batches in flight, the next sent as one is
 * answered. With offered (reads a second): open loop, each batch sent at its set time whatever
 * the answers, as independent readers do, and its latency counted from that time.
 */
async function run(send: Send, batches: RunBatch[], concurrency: number, offered: number): Promise<RunResult> {
  const latencies: number[] = [];
  let moved = 0;
  let next = 0;
  let failed = 0;
  let firstFailure: string | undefined;
  const start = performance.now();
  const sendOne = async (batch: RunBatch, t0: number) => {
    try {
      const answer = await send(batch.reader, batch.body);
      moved += answer;
      latencies.push(performance.now() - t0);
    } catch (error) {
      failed += 1;
      firstFailure ??= String(error);
    }
  };
  const lanes = new Map<number, RunBatch[]>();
  for (const batch of batches) {
    if (batch.lane === undefined) continue;
    const lane = lanes.get(batch.lane) ?? [];
    lane.push(batch);
    lanes.set(batch.lane, lane);
  }
  if (lanes.size > 0) {
    await Promise.all(
      [...lanes.values()].map(async (lane) => {
        for (const batch of lane) await sendOne(batch, performance.now());
      }),
    );
  } else if (offered > 0) {
    const interval = (reads(batches[0]) / offered) * 1000;
    await Promise.all(
      batches.map(async (batch, i) => {
        const due = start + i * interval;
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
        await sendOne(batch, due);
      }),
    );
  } else {
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < batches.length) await sendOne(batches[next++]!, performance.now());
      }),
    );
  }
  return { moved, latencies, seconds: (performance.now() - start) / 1000, failed, firstFailure };
}

const reads = (batch: RunBatch | undefined) =>
  batch ? (JSON.parse(batch.body) as { reads: unknown[] }).reads.length : 0;

port.on('message', (request: DevicesRequest) => {
  const work = async (): Promise<DevicesAnswer> => {
    if (request.kind === 'mqtt') {
      sendMqtt = await connectMqtt(request.url, request.readsTopics, request.acksTopics);
      return { id: request.id };
    }
    if (request.kind === 'close') {
      await Promise.all(clients.map((c) => c.endAsync()));
      agent.destroy();
      return { id: request.id };
    }
    const send = request.transport === 'http' ? sendHttp : sendMqtt;
    if (!send) throw new Error('MQTT devices are not connected');
    return { id: request.id, run: await run(send, request.batches, request.concurrency, request.offered) };
  };
  work().then(
    (answer) => port.postMessage(answer),
    (error: unknown) => port.postMessage({ id: request.id, error: String(error) }),
  );
});
