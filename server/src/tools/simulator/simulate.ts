import { encodeEpc, type MeasurementBatch } from '@tagtrack/contract';
import { DEFAULT_MQTT_TOPIC_ROOT } from '../../transports/mqtt/topics.js';
import { BatchSender } from './batch-sender.js';
import type { SimulateOptions, SimulateSummary } from './options.js';
import { ReaderStopped, ReaderSessions, call, type Session } from './reader-sessions.js';
import { temperatures } from './temperature.js';

const TICK_MS = 1_000;

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

  const readers = new ReaderSessions(base, log, options.onReaderStopped);
  for (const reader of options.readers) await readers.open(reader, options.downloadConfiguration !== false);
  const sessions = readers.active;
  const sender = new BatchSender(base, readers, summary, log, root);
  if (transport === 'mqtt') {
    if (!options.mqttUrl) throw new Error('MQTT transport needs the broker URL (--mqtt-url)');
    await sender.connect(options.mqttUrl);
  }
  const read = (epc: string) => ({
    epc,
    antenna: 1,
    rssi: -50 - Math.round(random() * 20),
    time: new Date().toISOString(),
  });

  try {
    if (options.once) {
      await sender.send(sessions[0]!, 'reads', epcs.map(read));
      return summary;
    }
    const heartbeat = async (session: Session) => {
      for (const beat of session.heartbeats) {
        await readers.authorised(session, (token) =>
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
    readers.onStop = (gone) => {
      for (const [epc, at] of holder) {
        if (at === gone && sessions.length > 0) holder.set(epc, sessions[Math.floor(random() * sessions.length)]!);
      }
    };
    const until = options.durationMs === undefined ? Infinity : Date.now() + options.durationMs;
    let due = 0;
    let nextMeasurement = 0;
    const measure = temperatures(epcs, random);
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
        if (!session.stopped) await sender.send(session, 'reads', reads).catch(failed(session, 'reads'));
      }
      if (options.measurements && now >= nextMeasurement) {
        nextMeasurement = now + (options.measurementEveryMs ?? 5_000);
        const byHolder = new Map<Session, MeasurementBatch['measurements']>();
        for (const epc of epcs) {
          const at = holder.get(epc)!;
          byHolder.set(at, [...(byHolder.get(at) ?? []), measure(epc)]);
        }
        for (const [session, values] of byHolder) {
          if (!session.stopped)
            await sender.send(session, 'measurements', values).catch(failed(session, 'measurements'));
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
    await sender.close();
  }
}
