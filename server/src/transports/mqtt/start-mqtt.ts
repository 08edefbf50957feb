import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { CustomerAccess } from '../../db/tenant.js';
import { ReaderTokenSigner } from '../../lib/auth/reader-tokens.js';
import { isReaderToken } from '../../modules/readers/reader-principal.service.js';
import { startEmbeddedBroker, type EmbeddedBroker } from './embedded-broker.js';
import type { MeasurementIngestOptions } from '../../modules/sensors/measurement-ingest.service.js';
import { startMqttIngest, type MqttIngest } from './mqtt-ingest.js';
import type { MqttMetrics, ReadMetrics } from '../../lib/metrics.js';
import type { AppCaches } from '../../lib/app-caches.js';

export interface MqttTransport {
  /** Where MQTT readers publish (null: MQTT is off or failed; HTTP still serves). */
  mqttUrl: string | null;
  stop(): Promise<void>;
}

/**
 * Reads and measurements over MQTT: the ingest from the broker at MQTT_URL or, without one, from
 * the embedded broker on MQTT_PORT, handing each batch to the tracking and sensor ingests. A broker that cannot be
 * reached (retried in the background) or a port in use is logged and leaves the server running on
 * HTTP: never a crash loop.
 */
export async function startMqtt(
  config: Config,
  db: CustomerAccess,
  /** The instance's JWT secret (system/instance-secrets.ts): reader tokens are signed with it. */
  jwtSecret: string,
  log: FastifyBaseLogger,
  options: { caches: AppCaches; notify?: MeasurementIngestOptions['notify']; metrics?: ReadMetrics & MqttMetrics },
): Promise<MqttTransport> {
  let broker: EmbeddedBroker | null = null;
  let ingest: MqttIngest | null = null;
  let mqttUrl: string | null = null;
  const signer = new ReaderTokenSigner(jwtSecret);
  const topicRoot = config.MQTT_TOPIC_ROOT;
  if (config.MQTT_URL) {
    mqttUrl = config.MQTT_URL;
    ingest = startMqttIngest(
      {
        db,
        signer,
        log,
        topicRoot,
        // Several processes may share this broker: each batch goes to one of them.
        shareGroup: config.MQTT_SHARE_GROUP,
        measurementRetentionDays: config.MEASUREMENT_RETENTION_DAYS,
        notify: options.notify,
        caches: options.caches,
        metrics: options.metrics,
      },
      config.MQTT_URL,
    );
  } else if (config.MQTT_EMBEDDED) {
    broker = await startEmbeddedBroker({
      host: config.HOST,
      port: config.MQTT_PORT,
      log,
      topicRoot,
      authenticateReader: (serial, token) => isReaderToken(db, signer, serial, token),
      maxPacketBytes: config.MQTT_MAX_PACKET_BYTES,
    });
    if (broker) {
      mqttUrl = `mqtt://127.0.0.1:${broker.port}`;
      ingest = startMqttIngest(
        {
          db,
          signer,
          log,
          topicRoot,
          measurementRetentionDays: config.MEASUREMENT_RETENTION_DAYS,
          notify: options.notify,
          caches: options.caches,
          metrics: options.metrics,
        },
        mqttUrl,
        broker.serverCredentials,
      );
    }
  }
  const running = ingest;
  const embedded = broker;
  const unwatch =
    running &&
    options.metrics?.watchMqtt(() => ({
      broker: embedded ? 'embedded' : 'external',
      ingestConnected: running.client.connected,
      brokerClients: embedded?.clients() ?? null,
    }));
  return {
    mqttUrl,
    stop: async () => {
      unwatch?.();
      await ingest?.close();
      await broker?.close();
    },
  };
}
