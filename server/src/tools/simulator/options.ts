import type { HeartbeatReport } from '@tagtrack/contract';

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

export interface SimulateSummary {
  batches: number;
  reads: number;
  /** Measurements sent (with `measurements`). */
  measurements: number;
  created: number;
  moved: number;
  refused: number;
}
