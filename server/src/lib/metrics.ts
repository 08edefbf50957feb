import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { ReadBatchResult } from '@tagtrack/contract';
import type { Config } from '../config.js';
import type { PoolUsage } from '../db/client.js';

/** How a read batch arrived. */
export type ReadTransport = 'http' | 'mqtt';
/** A read batch's answer: its counts, or refused (4xx, an error ack) or failed (5xx, a server error). */
export type ReadBatchOutcome = ReadBatchResult | 'refused' | 'failed';

/** What the read ingest reports, by transport (the HTTP reads route and the MQTT ingest). */
export interface ReadMetrics {
  /** A batch answered, `seconds` after it arrived. */
  readBatch(transport: ReadTransport, outcome: ReadBatchOutcome, seconds: number): void;
}

/** The MQTT side as a scrape finds it. */
export interface MqttState {
  /** Where the ingest's broker is: the embedded one, or the one at MQTT_URL. */
  broker: 'embedded' | 'external';
  /** Whether the ingest's client is connected to it. */
  ingestConnected: boolean;
  /** Clients connected to the embedded broker (the ingest's own included); null for an external broker. */
  brokerClients: number | null;
}

export interface MqttMetrics {
  /** Reads the MQTT state at each scrape until the answered function is called. */
  watchMqtt(state: () => MqttState): () => void;
}

/** What the job queue's users (the report scheduler, the notification dispatcher) report. */
export interface JobQueueMetrics {
  /** A job's attempt failed: it threw (and is retried, or failed for good), or its work was recorded as failed. */
  jobFailed(queue: string): void;
  /** Reads these queues' waiting jobs at each scrape until the answered function is called. */
  watchJobQueues(queues: readonly string[], depths: () => Promise<Record<string, number>>): () => void;
}

const PREFIX = 'tagtrack_';
const READ_OUTCOMES = ['created', 'moved', 'repeat', 'ignored'] as const;
const BATCH_RESULTS = ['applied', 'duplicate', 'refused', 'failed'] as const;
const TRANSPORTS: readonly ReadTransport[] = ['http', 'mqtt'];

let processRegistry: Registry | undefined;

/**
 * The process metrics (CPU, memory, handles, event loop lag, garbage collection): one registry per
 * process, made on first use. They describe the process, not an app, and prom-client's collectors
 * (an event loop delay monitor, a GC observer) cannot be stopped: made once, they neither pile up
 * when a process builds many apps (the tests) nor keep it alive (both are unreferenced).
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    // prom-client counts CPU from its collector's creation; Prometheus means the process's total.
    // Add what the process spent before (the few microseconds between the two reads go uncounted,
    // never twice), so the first scrape after a start is the process's CPU, not about zero.
    const before = process.cpuUsage();
    collectDefaultMetrics({ register: processRegistry });
    const spent: [string, number][] = [
      ['process_cpu_user_seconds_total', before.user],
      ['process_cpu_system_seconds_total', before.system],
      ['process_cpu_seconds_total', before.user + before.system],
    ];
    for (const [name, micros] of spent) (processRegistry.getSingleMetric(name) as Counter).inc(micros / 1e6);
  }
  return processRegistry;
}

/**
 * The metrics of one app (GET /metrics, Prometheus text format), in a registry of its own: tests
 * build many apps in one process. Values read from elsewhere (queue depths, the database pool,
 * MQTT) are read when scraped, by collect callbacks: nothing polls.
 *
 * SECURITY: no label carries customer data: routes are patterns (`/tag-data/tag/:id/`), never
 * paths; queues, transports and outcomes are fixed words.
 */
export class AppMetrics implements ReadMetrics, MqttMetrics, JobQueueMetrics {
  readonly registry = new Registry();
  private readonly queueSources = new Set<{
    queues: readonly string[];
    depths: () => Promise<Record<string, number>>;
  }>();
  private readonly mqttSources = new Set<() => MqttState>();
  private database: { kind: string; usage: () => PoolUsage | undefined } | undefined;

  private readonly httpRequests = new Counter({
    name: `${PREFIX}http_requests_total`,
    help: 'HTTP requests answered, by method, route pattern (unmatched: no route) and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });

  private readonly httpDuration = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: 'Seconds from the arrival of an HTTP request to its answer, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });

  private readonly readBatches = new Counter({
    name: `${PREFIX}read_batches_total`,
    help: 'Read batches answered, by transport and result: applied, duplicate (a batch id sent again), refused (4xx, an error ack), failed (a server error).',
    labelNames: ['transport', 'result'] as const,
    registers: [this.registry],
  });

  private readonly reads = new Counter({
    name: `${PREFIX}reads_total`,
    help: 'Reads of applied batches, by transport and outcome: created (a new item), moved (an item changed location or status), repeat (changed nothing: a repeat sighting or an older read), ignored (by rule: a reader without configuration, a removed item).',
    labelNames: ['transport', 'outcome'] as const,
    registers: [this.registry],
  });

  private readonly readBatchDuration = new Histogram({
    name: `${PREFIX}read_batch_duration_seconds`,
    help: 'Seconds from the arrival of a read batch to its answer after the commit (applied or duplicate batches), by transport.',
    labelNames: ['transport'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  private readonly jobFailures = new Counter({
    name: `${PREFIX}job_failures_total`,
    help: 'Failed job attempts by queue: a scheduled report run or a notification that failed (and is retried, or failed for good).',
    labelNames: ['queue'] as const,
    registers: [this.registry],
  });

  constructor() {
    for (const transport of TRANSPORTS) {
      for (const outcome of READ_OUTCOMES) this.reads.inc({ transport, outcome }, 0);
      for (const result of BATCH_RESULTS) this.readBatches.inc({ transport, result }, 0);
    }
    // Collect callbacks start in the order their gauges were made: the pool first, as it was
    // before this scrape's own queries (the queue depths) took a connection.
    this.databaseGauges();
    this.jobQueueGauge();
    this.mqttGauges();
  }

  private databaseGauges(): void {
    const usage = () => {
      const usage = this.database?.usage();
      return usage && { database: this.database!.kind, ...usage };
    };
    new Gauge({
      name: `${PREFIX}db_pool_connections`,
      help: 'Database connections by state: busy or idle (the embedded database: its one session, busy while a statement or transaction holds it).',
      labelNames: ['database', 'state'] as const,
      registers: [this.registry],
      collect() {
        this.reset();
        const now = usage();
        if (!now) return;
        this.set({ database: now.database, state: 'busy' }, now.total - now.idle);
        this.set({ database: now.database, state: 'idle' }, now.idle);
      },
    });
    new Gauge({
      name: `${PREFIX}db_pool_waiting`,
      help: 'Queries and transactions waiting for a database connection (the embedded database: for its session).',
      labelNames: ['database'] as const,
      registers: [this.registry],
      collect() {
        this.reset();
        const now = usage();
        if (now) this.set({ database: now.database }, now.waiting);
      },
    });
    new Gauge({
      name: `${PREFIX}db_pool_max`,
      help: 'Database connections the pool may open (the embedded database: 1).',
      labelNames: ['database'] as const,
      registers: [this.registry],
      collect() {
        this.reset();
        const now = usage();
        if (now) this.set({ database: now.database }, now.max);
      },
    });
  }

  private jobQueueGauge(): void {
    const sources = this.queueSources;
    new Gauge({
      name: `${PREFIX}job_queue_depth`,
      help: 'Jobs waiting in a job queue (created or waiting for a retry, including those deferred to a later time such as the next run of a report), by queue.',
      labelNames: ['queue'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        await Promise.all(
          [...sources].map(async (source) => {
            // A database that does not answer leaves these queues out of this scrape.
            const depths = await source.depths().catch(() => ({}) as Record<string, number>);
            for (const queue of source.queues) if (queue in depths) this.set({ queue }, depths[queue]!);
          }),
        );
      },
    });
  }

  private mqttGauges(): void {
    const mqtt = this.mqttSources;
    new Gauge({
      name: `${PREFIX}mqtt_ingest_connected`,
      help: 'Whether the client of the MQTT ingest is connected to its broker (1) or not (0), by broker: embedded or external (MQTT_URL).',
      labelNames: ['broker'] as const,
      registers: [this.registry],
      collect() {
        this.reset();
        for (const state of [...mqtt].map((read) => read())) {
          this.set({ broker: state.broker }, state.ingestConnected ? 1 : 0);
        }
      },
    });
    new Gauge({
      name: `${PREFIX}mqtt_broker_clients`,
      help: 'Clients connected to the embedded MQTT broker (readers, and the ingest client of the server).',
      labelNames: ['broker'] as const,
      registers: [this.registry],
      collect() {
        this.reset();
        for (const state of [...mqtt].map((read) => read())) {
          if (state.brokerClients !== null) this.set({ broker: state.broker }, state.brokerClients);
        }
      },
    });
  }

  /** The Content-Type of `text()`: the Prometheus text format 0.0.4. */
  get contentType(): string {
    return this.registry.contentType;
  }

  /** Everything, in the Prometheus text format: this app's metrics and the process's. */
  text(): Promise<string> {
    return Registry.merge([processMetrics(), this.registry]).metrics();
  }

  /** An HTTP answer; `route` is the route's pattern, never the requested path. */
  httpResponse(method: string, route: string, status: number, seconds: number): void {
    const labels = { method, route, status: String(status) };
    this.httpRequests.inc(labels);
    this.httpDuration.observe(labels, seconds);
  }

  readBatch(transport: ReadTransport, outcome: ReadBatchOutcome, seconds: number): void {
    if (typeof outcome === 'string') {
      this.readBatches.inc({ transport, result: outcome });
      return;
    }
    this.readBatches.inc({ transport, result: outcome.duplicate ? 'duplicate' : 'applied' });
    this.readBatchDuration.observe({ transport }, seconds);
    // A retried batch changed nothing this time: its reads were counted when it was applied.
    if (outcome.duplicate) return;
    const { accepted, created, moved, ignored } = outcome;
    this.reads.inc({ transport, outcome: 'created' }, created);
    this.reads.inc({ transport, outcome: 'moved' }, moved);
    this.reads.inc({ transport, outcome: 'ignored' }, ignored);
    // Each item created or moved stands for one read (its batch's deciding one): the others repeat.
    this.reads.inc({ transport, outcome: 'repeat' }, Math.max(0, accepted - created - moved - ignored));
  }

  jobFailed(queue: string): void {
    this.jobFailures.inc({ queue });
  }

  watchJobQueues(queues: readonly string[], depths: () => Promise<Record<string, number>>): () => void {
    for (const queue of queues) this.jobFailures.inc({ queue }, 0);
    const source = { queues, depths };
    this.queueSources.add(source);
    return () => this.queueSources.delete(source);
  }

  watchMqtt(state: () => MqttState): () => void {
    this.mqttSources.add(state);
    return () => this.mqttSources.delete(state);
  }

  /** Reads the database's connection use at each scrape. */
  watchDatabase(kind: string, usage: () => PoolUsage | undefined): void {
    this.database = { kind, usage };
  }
}

/** The metrics of an app, when the operator allows them to be read (METRICS_PORT or METRICS_TOKEN). */
export function createMetrics(config: Pick<Config, 'METRICS_PORT' | 'METRICS_TOKEN'>): AppMetrics | undefined {
  return config.METRICS_PORT !== undefined || config.METRICS_TOKEN !== undefined ? new AppMetrics() : undefined;
}
