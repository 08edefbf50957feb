import { DEFAULT_REPORT_RETENTION_DAYS } from '@tagtrack/contract';
import { z } from 'zod';

/**
 * A little over the largest batch a reader may send over MQTT (500 reads or measurements with
 * 124-digit EPCs and a token, indented: about 150 kB). docs/reader-protocol.md gives Mosquitto the same.
 */
export const DEFAULT_MQTT_MAX_PACKET_BYTES = 262_144;

const flag = (fallback: boolean) =>
  z
    .enum(['0', '1', 'true', 'false', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : v === '1' || v === 'true'));

/** Every environment variable the server reads, parsed once. Documented in the README. */
const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  /**
   * The embedded database (no DATABASE_URL) is served to the CLI and psql over a Unix socket in
   * DATA_DIR; set a port to serve it on 127.0.0.1 too (without a password: for one-user machines).
   */
  EMBEDDED_DATABASE_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  ADMIN_PASSWORD: z.string().optional(),
  DEMO_DATA: flag(false),
  ON_PREMISE: flag(false),
  /**
   * Which proxies' X-Forwarded-For the server believes (the client address for throttling and
   * logs): unset or empty none, `true` any, a number that many hops, else a comma-separated list
   * of addresses or CIDR ranges.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v): boolean | number | string[] => {
      const text = (v ?? '').trim();
      if (text === '' || text === 'false' || text === '0') return false;
      if (text === 'true') return true;
      if (/^\d+$/.test(text)) return Number(text);
      return text
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
    }),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must have at least 32 characters').optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Tagtrack <no-reply@tagtrack.invalid>'),
  /**
   * An SMS gateway for alert actions (docs/sensors.md, Notifications): each SMS is POSTed to it as
   * JSON {to, text}, with `Authorization: Bearer SMS_TOKEN` when set. Unset: SMS are logged.
   */
  SMS_URL: z.url().optional(),
  SMS_TOKEN: z.string().optional(),
  /** A scheduled report's CSV up to this size (MB) is attached to its recipients' mail; a larger one is linked. */
  REPORT_MAIL_ATTACHMENT_MAX_MB: z.coerce.number().min(0).max(100).default(5),
  /** The console's address as users reach it, for links in e-mails; defaults to http://localhost:PORT. */
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Seconds a request's announced body may stop arriving before the request is answered 408 and
   * its connection closed (a slow but steady upload is never cut off).
   */
  BODY_READ_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  ACCESS_TOKEN_TTL: z.coerce.number().int().min(5).default(300),
  REFRESH_TOKEN_TTL: z.coerce
    .number()
    .int()
    .min(60)
    .default(7 * 24 * 3600),
  WEB_DIST: z.string().optional(),
  /** An MQTT broker readers publish reads to (e.g. mqtt://127.0.0.1:1883); unset: the embedded broker. */
  MQTT_URL: z.string().optional(),
  /** The embedded broker's port (when MQTT_URL is unset). */
  MQTT_PORT: z.coerce.number().int().min(0).max(65535).default(1883),
  /** false: no embedded broker (reads over HTTP only, unless MQTT_URL is set). */
  MQTT_EMBEDDED: flag(true),
  /** The largest MQTT packet the embedded broker takes, header included: a larger one closes its connection. */
  MQTT_MAX_PACKET_BYTES: z.coerce.number().int().min(16_384).max(268_435_455).default(DEFAULT_MQTT_MAX_PACKET_BYTES),
  /**
   * How many items the read ingest remembers so that repeat sightings need no query (about 200
   * bytes each; 0 turns it off): docs/reader-protocol.md, Order.
   */
  TRACKING_CACHE_ITEMS: z.coerce.number().int().min(0).default(1_000_000),
  /** Days the runs of scheduled reports and their files are kept. */
  REPORT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(DEFAULT_REPORT_RETENTION_DAYS),
  /** Days raw sensor measurements are kept (a day's table is dropped whole after them: docs/sensors.md). */
  MEASUREMENT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3_650).default(30),
  /**
   * Days a reader's batch ids are kept, so that a batch sent again within them changes nothing
   * (docs/reader-protocol.md, Reads); older ones are deleted by the housekeeping.
   */
  INGEST_BATCH_RETENTION_DAYS: z.coerce.number().int().min(1).max(3_650).default(7),
  /** Topic root: readers publish to <root>/<serial>/reads (several installations can share a broker). */
  MQTT_TOPIC_ROOT: z
    .string()
    .regex(/^[^+#]+[^/+#]$/, 'MQTT_TOPIC_ROOT must be a topic without wildcards or a trailing slash')
    .default('tagtrack/readers'),
  /**
   * With MQTT_URL: the server subscribes through the shared subscription `$share/<group>/…`, so
   * that the server processes on one broker each get a share of the batches and every batch is
   * applied once; empty: plain subscriptions (one process, or a broker without shared subscriptions).
   */
  MQTT_SHARE_GROUP: z
    .string()
    .regex(/^[^/+#]*$/, 'MQTT_SHARE_GROUP must be a name without /, + or #')
    .default('tagtrack'),
  /**
   * Milliseconds an API request's database statement may run before PostgreSQL cancels it
   * (answered 503); exports, rebuilds, report runs, migrations and backups run without. 0: none.
   * The embedded database (PGlite) does not enforce it.
   */
  STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(86_400_000).default(30_000),
  /** Seconds between each process's lost sweeps (docs/reader-protocol.md, Lost items). */
  LOST_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3_600).default(60),
  /**
   * GET /metrics (Prometheus) on a port of its own, on HOST and without a token: the operator
   * firewalls it. Unset (or empty): no such port.
   */
  METRICS_PORT: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(65535).optional()),
  /**
   * GET /metrics on PORT, for requests with `Authorization: Bearer <METRICS_TOKEN>` (at least 16
   * characters a bearer header can carry). Unset (or empty): /metrics on PORT is not found.
   */
  METRICS_TOKEN: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .min(16, 'METRICS_TOKEN must have at least 16 characters')
      .regex(/^[A-Za-z0-9\-._~+/]+=*$/, 'METRICS_TOKEN may hold letters, digits and - . _ ~ + / (then =)')
      .optional(),
  ),
});

export type Config = z.infer<typeof EnvSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
