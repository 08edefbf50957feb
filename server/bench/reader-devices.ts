// The bench's readers, in a worker thread: they send the batches of the tracking scenario over HTTP
// or MQTT and wait for each answer, so that the load they make is not run on the server's own
// event loop (real readers are other machines).
import { randomUUID } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import mqtt from 'mqtt';

export interface DevicesSetup {
  /** The server's address, for HTTP. */
  address: string;
  /** Per reader: its serial and its token. */
  readers: { serial: string; token: string }[];
}

/** A message from the bench: set up MQTT devices, or send a batch. */
export type DevicesRequest =
  | { kind: 'mqtt'; id: number; url: string; readsTopics: string[]; acksTopics: string[] }
  | { kind: 'send'; id: number; transport: 'http' | 'mqtt'; reader: number; body: string }
  | { kind: 'close'; id: number };

export interface DevicesAnswer {
  id: number;
  moved?: number;
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
    setup.readers.map(async ({ token }, reader) => {
      const client = await mqtt.connectAsync(url, { clientId: `bench-${randomUUID().slice(0, 8)}` });
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
    return { id: request.id, moved: await send(request.reader, request.body) };
  };
  work().then(
    (answer) => port.postMessage(answer),
    (error: unknown) => port.postMessage({ id: request.id, error: String(error) }),
  );
});
