// The sensors scenario's readers, in a worker thread: they post measurement batches over HTTP and
// note when each left and when its answer came, so that their load is not run on the server's own
// event loop (real readers are other machines).
import { Agent, request as httpRequest } from 'node:http';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';

export interface SensorDevicesSetup {
  /** The server's address. */
  address: string;
  /** Each reader's token. */
  tokens: string[];
}

/** One batch of a run: the reader that sends it, its JSON, and when it is due (ms since the epoch). */
export interface SensorBatch {
  reader: number;
  body: string;
  due: number;
}

export type SensorDevicesRequest =
  | {
      kind: 'run';
      id: number;
      batches: SensorBatch[];
      /**
       * paced: each batch sent at its due time whatever the answers, as independent readers do;
       * unpaced: each reader sends its batches one after another, the next as one is answered.
       */
      paced: boolean;
    }
  | { kind: 'close'; id: number };

/** Per batch, in the run's order: when it left and when its answer came (ms since the epoch). */
export interface SensorBatchTimes {
  sent: number;
  answered: number;
  ok: boolean;
}

export interface SensorRunResult {
  times: SensorBatchTimes[];
  failed: number;
  firstFailure?: string;
}

export interface SensorDevicesAnswer {
  id: number;
  run?: SensorRunResult;
  error?: string;
}

const setup = workerData as SensorDevicesSetup;
const port = parentPort!;
const agent = new Agent({ keepAlive: true });
const url = new URL('/reader-api/measurements/', setup.address);
/** The wall clock to the tenth of a millisecond, comparable with the database's now(). */
const wallClock = () => performance.timeOrigin + performance.now();

function post(reader: number, body: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          authorization: `Bearer ${setup.tokens[reader]!}`,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          if (res.statusCode === 200) return resolve();
          reject(new Error(`HTTP ${res.statusCode} ${Buffer.concat(chunks).toString()}`));
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function run(batches: SensorBatch[], paced: boolean): Promise<SensorRunResult> {
  const times: SensorBatchTimes[] = batches.map(() => ({ sent: 0, answered: 0, ok: false }));
  let failed = 0;
  let firstFailure: string | undefined;
  const sendOne = async (i: number) => {
    const batch = batches[i]!;
    const entry = times[i]!;
    entry.sent = wallClock();
    try {
      await post(batch.reader, batch.body);
      entry.ok = true;
    } catch (error) {
      failed += 1;
      firstFailure ??= String(error);
    }
    entry.answered = wallClock();
  };
  if (paced) {
    await Promise.all(
      batches.map(async (batch, i) => {
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, batch.due - Date.now())));
        await sendOne(i);
      }),
    );
  } else {
    const lanes = new Map<number, number[]>();
    batches.forEach((batch, i) => lanes.set(batch.reader, [...(lanes.get(batch.reader) ?? []), i]));
    await Promise.all(
      [...lanes.values()].map(async (lane) => {
        for (const i of lane) await sendOne(i);
      }),
    );
  }
  return { times, failed, firstFailure };
}

port.on('message', (request: SensorDevicesRequest) => {
  const work = async (): Promise<SensorDevicesAnswer> => {
    if (request.kind === 'close') {
      agent.destroy();
      return { id: request.id };
    }
    return { id: request.id, run: await run(request.batches, request.paced) };
  };
  work().then(
    (answer) => port.postMessage(answer),
    (error: unknown) => port.postMessage({ id: request.id, error: String(error) }),
  );
});
