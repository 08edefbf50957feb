import { randomUUID } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import {
  encodeEpc,
  type HeartbeatReport,
  type MeasurementBatch,
  type MeasurementBatchResult,
  type MqttMeasurementAck,
  type MqttReadAck,
  type ReadBatch,
  type ReadBatchResult,
} from '@tagtrack/contract';
import { acksTopic, DEFAULT_MQTT_TOPIC_ROOT, measurementsTopic, readsTopic } from '../modules/tracking/mqtt-ingest.js';

/** One simulated reader: its credentials, and optionally the heartbeats it reports. */
export interface SimulatedReader {
  serial: string;
  secret: string;
  /** Default: one 'normal' heartbeat of its first configuration's application every 60 s. */
  heartbeats?: Pick<HeartbeatReport, 'application' | 'interval' | 'mode'>[];
}

export interface SimulateOptions {
  /** The server's base URL, e.g. http://127.0.0.1:8080 (sign-in, configuration and heartbeats go here). */
  url: string;
  readers: SimulatedReader[];
  /** How reads travel: 'http' (POST /reader-api/reads/) or 'mqtt' (needs mqttUrl). */
  transport?: 'http' | 'mqtt';
  mqttUrl?: string;
  topicRoot?: string;
  /** The tags; default `tags` NID32 EPCs of product `sku`. */
  epcs?: string[];
  tags?: number;
  sku?: string;
  /** Reads per second over all readers (default 2). */
  rate?: number;
  /** Share (0–1) of reads by another reader than the one that saw the tag last: moves (default 0.2). */
  moves?: number;
  /** Report heartbeats (default true; not with `once`). */
  heartbeats?: boolean;
  /** Download each reader's configuration first, as a reader does on start (default true; it marks an assigned reader uploaded). */
  downloadConfiguration?: boolean;
  /** One batch: every tag read once by the first reader (or `reader`), then stop. */
  once?: boolean;
  /** Stop after this long (default: until the signal aborts). */
  durationMs?: number;
  signal?: AbortSignal;
  /** Progress lines (default: none). */
  log?: (line: string) => void;
  /** Told when a reader stops because its secret was refused (re-initialised or deleted). */
  onReaderStopped?: (serial: string) => void;
  /** Random numbers (tests make them predictable). */
  random?: () => number;
  /**
   * Also send each tag's temperature every `measurementEveryMs` (default 5,000) from the reader
   * that holds it: a value drifting around 4 °C with now and then an excursion of about +9 °C for a
   * minute, so that the dashboard moves and alert rules fire (the customer needs the sensor extension).
   */
  measurements?: boolean;
  measurementEveryMs?: number;
}

/** The Temperature measurement type (GET /sensor-data/measurement/type/: fixed on every instance). */
export const TEMPERATURE_TYPE = '3f0c5a3e-6d1b-4c1e-9a57-2b8f0e6d4a01';

export interface SimulateSummary {
  batches: number;
  reads: number;
  /** Measurements sent (with `measurements`). */
  measurements: number;
  created: number;
  moved: number;
  refused: number;
}

interface Session {
  reader: SimulatedReader;
  token: string;
  renewAt: number;
  heartbeats: NonNullable<SimulatedReader['heartbeats']>;
  /** Its secret was refused: the reader was re-initialised or deleted, and sends nothing more. */
  stopped?: boolean;
}

const TICK_MS = 1_000;
type Kind = 'reads' | 'measurements';
type Answer = ReadBatchResult | MeasurementBatchResult;

async function call<T>(url: string, init: RequestInit & { token?: string }): Promise<T> {
  const { token, headers, ...rest } = init;
  const res = await fetch(url, {
    ...rest,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(headers as Record<string, string>),
    },
  });
  const text = await res.text();
  if (!res.ok) {
    const retryAfter = res.status === 503 ? Number(res.headers.get('retry-after') ?? 1) : undefined;
    throw new CallFailed(`${init.method ?? 'GET'} ${url}: ${res.status} ${text}`, retryAfter, res.status);
  }
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A refused call; retryAfter (seconds) when the server asked for the same request again later (503). */
class CallFailed extends Error {
  constructor(
    message: string,
    readonly retryAfter?: number,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** A reader whose secret the server refused (it was re-initialised or deleted): it stops sending. */
class ReaderStopped extends Error {
  constructor(reader: SimulatedReader) {
    super(`${reader.serial}: its secret was refused (re-initialised or deleted): it stops`);
  }
}

const refusedCredentials = (error: unknown) => error instanceof CallFailed && error.status === 401;

/** How often a batch the server could not store this time (503, or its MQTT ack) is sent again. */
const RESENDS = 3;

/**
 * Drives a running server through the real reader paths: each reader signs in with its serial
 * and secret, downloads its configuration, reports heartbeats, and sends batches of reads over
 * HTTP or MQTT. Tags start at a random reader; each read is by the reader that saw the tag last,
 * or (share `moves`) by another one, which moves the item. A reader whose token is refused signs
 * in again once; when its secret is refused too (an administrator re-initialised or deleted it), that
 * reader stops, and the run ends when none is left. Resolves with what the server answered.
 */
export async function simulate(options: SimulateOptions): Promise<SimulateSummary> {
  if (options.readers.length === 0) throw new Error('simulate needs at least one reader');
  const base = options.url.replace(/\/+$/, '');
  const random = options.random ?? Math.random;
  const log = options.log ?? (() => undefined);
  const transport = options.transport ?? 'http';
  const root = options.topicRoot ?? DEFAULT_MQTT_TOPIC_ROOT;
  const summary: SimulateSummary = { batches: 0, reads: 0, measurements: 0, created: 0, moved: 0, refused: 0 };
  const epcs =
    options.epcs && options.epcs.length > 0
      ? options.epcs.map((e) => e.toUpperCase())
      : Array.from({ length: options.tags ?? 20 }, (_, i) => encodeEpc('NID32', options.sku ?? '1', String(i + 1)));

  const signIn = async (reader: SimulatedReader): Promise<Session> => {
    const { access, expires_in } = await call<{ access: string; expires_in: number }>(`${base}/reader-api/token/`, {
      method: 'POST',
      body: JSON.stringify({ serial: reader.serial, secret: reader.secret }),
    });
    return { reader, token: access, renewAt: Date.now() + expires_in * 500, heartbeats: reader.heartbeats ?? [] };
  };
  const sessions: Session[] = [];
  /** Called when a reader stops: its tags go to the readers still sending. */
  let onStop: (session: Session) => void = () => undefined;
  const stop = (session: Session) => {
    if (session.stopped) return;
    session.stopped = true;
    sessions.splice(sessions.indexOf(session), 1);
    log(new ReaderStopped(session.reader).message);
    options.onReaderStopped?.(session.reader.serial);
    onStop(session);
  };
  for (const reader of options.readers) {
    const session = await signIn(reader);
    const conf =
      options.downloadConfiguration === false
        ? { configurations: [] }
        : await call<{ configurations: { application: string }[] }>(`${base}/reader-api/configuration/`, {
            token: session.token,
          });
    if (session.heartbeats.length === 0) {
      session.heartbeats = [
        { application: conf.configurations[0]?.application ?? 'BradyReaderApp', interval: 60, mode: 'normal' },
      ];
    }
    sessions.push(session);
  }
  const renew = async (session: Session) => {
    if (session.stopped) throw new ReaderStopped(session.reader);
    try {
      Object.assign(session, await signIn(session.reader), { heartbeats: session.heartbeats });
    } catch (error) {
      if (!refusedCredentials(error)) throw error;
      stop(session);
      throw new ReaderStopped(session.reader);
    }
  };
  const fresh = async (session: Session) => {
    if (session.stopped) throw new ReaderStopped(session.reader);
    if (Date.now() >= session.renewAt) await renew(session);
    return session.token;
  };
  /**
   * Calls with the session's token; a refused token (revoked by a re-initialisation, or signed with
   * a secret the server no longer has) gets one new sign-in, whose refusal stops the reader.
   */
  const authorised = async <T>(session: Session, use: (token: string) => Promise<T>): Promise<T> => {
    const token = await fresh(session);
    try {
      return await use(token);
    } catch (error) {
      if (!refusedCredentials(error)) throw error;
      await renew(session);
      return use(session.token);
    }
  };

  /** Over MQTT, one connection a reader, signed in with its serial and token (the broker lets it hear only its acks). */
  const clients = new Map<Session, MqttClient>();
  const pending = new Map<string, (ack: MqttReadAck | MqttMeasurementAck) => void>();
  if (transport === 'mqtt') {
    const url = options.mqttUrl;
    if (!url) throw new Error('MQTT transport needs the broker URL (--mqtt-url)');
    for (const session of sessions) {
      const client = await mqtt.connectAsync(url, {
        clientId: `tagtrack-sim-${randomUUID().slice(0, 8)}`,
        username: session.reader.serial,
        password: session.token,
      });
      client.on('message', (_topic, payload) => {
        const ack = JSON.parse(payload.toString()) as MqttReadAck | MqttMeasurementAck;
        if (ack.batch_id) pending.get(ack.batch_id)?.(ack);
      });
      await client.subscribeAsync(acksTopic(session.reader.serial, root), { qos: 1 });
      clients.set(session, client);
    }
  }

  /**
   * One batch of reads or measurements, answered or refused; sent again under the same batch id,
   * as a reader does, while the server asks for it later (HTTP 503 with Retry-After, or an ack with
   * retry_after).
   */
  const send = async (session: Session, kind: Kind, items: ReadBatch['reads'] | MeasurementBatch['measurements']) => {
    const batch = { batch_id: randomUUID(), [kind]: items };
    let answer: Answer | null = null;
    for (let attempt = 0; ; attempt++) {
      const outcome = await sendOnce(session, kind, batch).catch((error: unknown) => {
        if (error instanceof CallFailed && error.retryAfter !== undefined) return { retryAfter: error.retryAfter };
        throw error;
      });
      if (!('retryAfter' in outcome) || attempt >= RESENDS) {
        answer = 'retryAfter' in outcome ? null : outcome.answer;
        break;
      }
      log(`${session.reader.serial}: batch ${batch.batch_id} to be sent again in ${outcome.retryAfter} s`);
      await new Promise((resolve) => setTimeout(resolve, outcome.retryAfter * 1000));
    }
    summary.batches += 1;
    if (kind === 'reads') summary.reads += items.length;
    else summary.measurements += items.length;
    if (!answer) summary.refused += 1;
    else {
      const moved = (answer as Partial<ReadBatchResult>).moved ?? 0;
      summary.created += answer.created;
      summary.moved += moved;
      if (answer.created + moved > 0) {
        log(`${session.reader.serial}: ${items.length} ${kind}, ${answer.created} new, ${moved} moved`);
      }
    }
  };
  const sendOnce = async (
    session: Session,
    kind: Kind,
    batch: { batch_id: string },
  ): Promise<{ answer: Answer | null } | { retryAfter: number }> =>
    authorised(session, async (token) => {
      const client = clients.get(session);
      if (client) {
        const ack = await new Promise<MqttReadAck | MqttMeasurementAck>((resolve, reject) => {
          const timer = setTimeout(() => {
            pending.delete(batch.batch_id);
            reject(new Error(`no ack for batch ${batch.batch_id} within 30 s`));
          }, 30_000);
          pending.set(batch.batch_id, (a) => {
            clearTimeout(timer);
            pending.delete(batch.batch_id);
            resolve(a);
          });
          const topic = (kind === 'reads' ? readsTopic : measurementsTopic)(session.reader.serial, root);
          client.publish(topic, JSON.stringify({ ...batch, token }), { qos: 1 });
        });
        if (ack.ok) return { answer: ack };
        if (ack.retry_after !== undefined) return { retryAfter: ack.retry_after };
        if (ack.type === 'AuthenticationFailed' || ack.type === 'NotAuthenticated') {
          throw new CallFailed(`${session.reader.serial}: token refused: ${ack.type}`, undefined, 401);
        }
        log(`${session.reader.serial}: batch refused: ${ack.type} ${JSON.stringify(ack.detail)}`);
        return { answer: null };
      }
      return {
        answer: await call<Answer>(`${base}/reader-api/${kind}/`, {
          method: 'POST',
          token,
          body: JSON.stringify(batch),
        }),
      };
    });
  const read = (epc: string) => ({
    epc,
    antenna: 1,
    rssi: -50 - Math.round(random() * 20),
    time: new Date().toISOString(),
  });

  try {
    if (options.once) {
      await send(sessions[0]!, 'reads', epcs.map(read));
      return summary;
    }
    const heartbeat = async (session: Session) => {
      for (const beat of session.heartbeats) {
        await authorised(session, (token) =>
          call(`${base}/reader-api/heartbeat/`, { method: 'POST', token, body: JSON.stringify(beat) }),
        );
      }
    };
    /** A failed call is logged, unless it stopped its reader (which said so once). */
    const failed = (session: Session, what: string) => (error: unknown) => {
      if (!(error instanceof ReaderStopped)) log(`${session.reader.serial}: ${what} failed: ${String(error)}`);
    };
    const heartbeatEvery = (s: Session) =>
      Math.min(30_000, (Math.min(...s.heartbeats.map((h) => h.interval)) * 1000) / 2);
    const nextBeat = new Map<Session, number>();

    const rate = options.rate ?? 2;
    const moves = options.moves ?? 0.2;
    /** The reader that saw each tag last. */
    const holder = new Map(epcs.map((e) => [e, sessions[Math.floor(random() * sessions.length)]!]));
    onStop = (gone) => {
      for (const [epc, at] of holder) {
        if (at === gone && sessions.length > 0) holder.set(epc, sessions[Math.floor(random() * sessions.length)]!);
      }
    };
    const until = options.durationMs === undefined ? Infinity : Date.now() + options.durationMs;
    let due = 0;
    let nextMeasurement = 0;
    /** Each tag's temperature: a drift around 4 °C, and the end of its excursion (0: none). */
    const temperature = new Map(epcs.map((e) => [e, { value: 3 + random() * 2, excursionUntil: 0 }]));
    const measure = (epc: string) => {
      const state = temperature.get(epc)!;
      const now = Date.now();
      state.value = Math.min(8, Math.max(0, state.value + (random() - 0.5) * 0.4));
      if (state.excursionUntil < now && random() < 0.01) state.excursionUntil = now + 60_000;
      const value = state.value + (state.excursionUntil >= now ? 9 : 0);
      return {
        epc,
        measurement_type: TEMPERATURE_TYPE,
        value: Math.round(value * 100) / 100,
        time: new Date(now).toISOString(),
      };
    };
    // Until the end, the signal, or the last reader stopped.
    while (!options.signal?.aborted && Date.now() < until && sessions.length > 0) {
      const now = Date.now();
      if (options.heartbeats !== false) {
        for (const s of [...sessions]) {
          if ((nextBeat.get(s) ?? 0) <= now) {
            nextBeat.set(s, now + heartbeatEvery(s));
            await heartbeat(s).catch(failed(s, 'heartbeat'));
          }
        }
      }
      due += rate * (TICK_MS / 1000);
      const byReader = new Map<Session, ReturnType<typeof read>[]>();
      for (; due >= 1 && sessions.length > 0; due -= 1) {
        const epc = epcs[Math.floor(random() * epcs.length)]!;
        let at = holder.get(epc)!;
        if (sessions.length > 1 && random() < moves) {
          const index = Math.max(0, sessions.indexOf(at));
          at = sessions[(index + 1 + Math.floor(random() * (sessions.length - 1))) % sessions.length]!;
          holder.set(epc, at);
        }
        byReader.set(at, [...(byReader.get(at) ?? []), read(epc)]);
      }
      for (const [session, reads] of byReader) {
        if (!session.stopped) await send(session, 'reads', reads).catch(failed(session, 'reads'));
      }
      if (options.measurements && now >= nextMeasurement) {
        nextMeasurement = now + (options.measurementEveryMs ?? 5_000);
        const byHolder = new Map<Session, MeasurementBatch['measurements']>();
        for (const epc of epcs) {
          const at = holder.get(epc)!;
          byHolder.set(at, [...(byHolder.get(at) ?? []), measure(epc)]);
        }
        for (const [session, values] of byHolder) {
          if (!session.stopped) await send(session, 'measurements', values).catch(failed(session, 'measurements'));
        }
      }
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          options.signal?.removeEventListener('abort', done);
          resolve();
        };
        const timer = setTimeout(done, TICK_MS);
        options.signal?.addEventListener('abort', done, { once: true });
      });
    }
    return summary;
  } finally {
    await Promise.all([...clients.values()].map((c) => c.endAsync()));
  }
}

/** `npm run cli -- simulate …`: the command-line options → SimulateOptions. */
export function simulateOptionsFromArgs(
  values: Record<string, string | boolean | string[] | undefined>,
): SimulateOptions {
  const list = (name: string) => {
    const v = values[name];
    return (Array.isArray(v) ? v : typeof v === 'string' ? [v] : []).flatMap((x) => x.split(',')).filter(Boolean);
  };
  const number = (name: string, fallback?: number) => {
    const v = values[name];
    if (typeof v !== 'string') return fallback;
    const n = Number(v);
    if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} must be a number ≥ 0`);
    return n;
  };
  const serials = list('reader');
  const secrets = list('secret');
  if (serials.length === 0) throw new Error('Missing --reader SERIAL (with --secret SECRET), once per reader');
  if (secrets.length !== serials.length) throw new Error('Give one --secret per --reader, in the same order');
  const transport = values.transport ?? (values['mqtt-url'] ? 'mqtt' : 'http');
  if (transport !== 'http' && transport !== 'mqtt') throw new Error('--transport is http or mqtt');
  const duration = number('duration');
  return {
    url: typeof values.url === 'string' ? values.url : `http://127.0.0.1:${process.env.PORT ?? '8080'}`,
    readers: serials.map((serial, i) => ({ serial, secret: secrets[i]! })),
    transport,
    mqttUrl: typeof values['mqtt-url'] === 'string' ? values['mqtt-url'] : undefined,
    topicRoot: typeof values['topic-root'] === 'string' ? values['topic-root'] : undefined,
    epcs: list('epc'),
    tags: number('tags'),
    sku: typeof values.sku === 'string' ? values.sku : undefined,
    rate: number('rate'),
    moves: number('moves'),
    once: values.once === true,
    heartbeats: values['no-heartbeats'] !== true,
    durationMs: duration === undefined ? undefined : duration * 1000,
    measurements: values.measurements === true,
    measurementEveryMs: (number('measurement-every') ?? 5) * 1000,
  };
}
