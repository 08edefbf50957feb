import { randomUUID } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import type {
  MeasurementBatch,
  MeasurementBatchResult,
  MqttMeasurementAck,
  MqttReadAck,
  ReadBatch,
  ReadBatchResult,
} from '@tagtrack/contract';
import { acksTopic, measurementsTopic, readsTopic } from '../../transports/mqtt/topics.js';
import type { SimulateSummary } from './options.js';
import { CallFailed, call, type ReaderSessions, type Session } from './reader-sessions.js';

type Kind = 'reads' | 'measurements';
type Answer = ReadBatchResult | MeasurementBatchResult;

/** How often a batch the server could not store this time (503, or its MQTT ack) is sent again. */
const RESENDS = 3;

/**
 * Sends the readers' batches of reads and measurements over HTTP, or over MQTT with one connection
 * a reader, signed in with its serial and token (the broker lets it hear only its acks), and
 * counts what the server answered in `summary`.
 */
export class BatchSender {
  private readonly clients = new Map<Session, MqttClient>();
  private readonly pending = new Map<string, (ack: MqttReadAck | MqttMeasurementAck) => void>();

  constructor(
    private readonly base: string,
    private readonly sessions: ReaderSessions,
    private readonly summary: SimulateSummary,
    private readonly log: (line: string) => void,
    private readonly root: string,
  ) {}

  /** Connects each reader to the broker (the MQTT transport). */
  async connect(url: string): Promise<void> {
    for (const session of this.sessions.active) {
      const client = await mqtt.connectAsync(url, {
        clientId: `tagtrack-sim-${randomUUID().slice(0, 8)}`,
        username: session.reader.serial,
        password: session.token,
      });
      client.on('message', (_topic, payload) => {
        const ack = JSON.parse(payload.toString()) as MqttReadAck | MqttMeasurementAck;
        if (ack.batch_id) this.pending.get(ack.batch_id)?.(ack);
      });
      await client.subscribeAsync(acksTopic(session.reader.serial, this.root), { qos: 1 });
      this.clients.set(session, client);
    }
  }

  async close(): Promise<void> {
    await Promise.all([...this.clients.values()].map((c) => c.endAsync()));
  }

  /**
   * One batch of reads or measurements, answered or refused; sent again under the same batch id,
   * as a reader does, while the server asks for it later (HTTP 503 with Retry-After, or an ack with
   * retry_after).
   */
  async send(session: Session, kind: Kind, items: ReadBatch['reads'] | MeasurementBatch['measurements']) {
    const { summary, log } = this;
    const batch = { batch_id: randomUUID(), [kind]: items };
    let answer: Answer | null = null;
    for (let attempt = 0; ; attempt++) {
      const outcome = await this.sendOnce(session, kind, batch).catch((error: unknown) => {
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
  }

  private sendOnce(
    session: Session,
    kind: Kind,
    batch: { batch_id: string },
  ): Promise<{ answer: Answer | null } | { retryAfter: number }> {
    return this.sessions.authorised(session, async (token) => {
      const client = this.clients.get(session);
      if (client) {
        const ack = await new Promise<MqttReadAck | MqttMeasurementAck>((resolve, reject) => {
          const timer = setTimeout(() => {
            this.pending.delete(batch.batch_id);
            reject(new Error(`no ack for batch ${batch.batch_id} within 30 s`));
          }, 30_000);
          this.pending.set(batch.batch_id, (a) => {
            clearTimeout(timer);
            this.pending.delete(batch.batch_id);
            resolve(a);
          });
          const topic = (kind === 'reads' ? readsTopic : measurementsTopic)(session.reader.serial, this.root);
          client.publish(topic, JSON.stringify({ ...batch, token }), { qos: 1 });
        });
        if (ack.ok) return { answer: ack };
        if (ack.retry_after !== undefined) return { retryAfter: ack.retry_after };
        if (ack.type === 'AuthenticationFailed' || ack.type === 'NotAuthenticated') {
          throw new CallFailed(`${session.reader.serial}: token refused: ${ack.type}`, undefined, 401);
        }
        this.log(`${session.reader.serial}: batch refused: ${ack.type} ${JSON.stringify(ack.detail)}`);
        return { answer: null };
      }
      return {
        answer: await call<Answer>(`${this.base}/reader-api/${kind}/`, {
          method: 'POST',
          token,
          body: JSON.stringify(batch),
        }),
      };
    });
  }
}
