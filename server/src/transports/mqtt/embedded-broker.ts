import { randomBytes } from 'node:crypto';
import { createServer, type AddressInfo, type Server } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { Aedes, type AuthenticateError } from 'aedes';
import { DEFAULT_MQTT_TOPIC_ROOT, PUBLISHED_KINDS } from './topics.js';
import { limitPacketSize } from './mqtt-packet-limit.js';
import { DEFAULT_MQTT_MAX_PACKET_BYTES } from '../../config.js';

export interface EmbeddedBroker {
  /** The port it listens on (the configured one, or the one chosen for port 0). */
  port: number;
  /** What the server's own ingest client signs in with; readers sign in anonymously. */
  serverCredentials: { username: string; password: string };
  /** Clients connected now (readers, and the server's own ingest client). */
  clients(): number;
  close(): Promise<void>;
}

const SERVER_USERNAME = 'tagtrack-server';

/** Whether `token` is a valid reader token of the reader with this serial. */
export type ReaderCheck = (serial: string, token: string) => Promise<boolean>;

/** MQTT CONNACK return codes the broker refuses with (MQTT 3.1.1, 3.2.2.3). */
const IDENTIFIER_REJECTED = 2;
const BAD_USERNAME_OR_PASSWORD = 4;

/**
 * The MQTT broker a fresh install runs in-process (aedes) when no MQTT_URL is configured.
 * SECURITY: the token inside each message proves who sent a batch, and those tokens travel on the
 * reads topics, so only the server's own client (a per-process password) may subscribe to them or
 * publish acks. A reader signs in with its serial as user name and its reader token as password
 * (`authenticateReader` checks both) and may then publish only to its own reads and measurements topics and
 * subscribe only to its own acks topic, which carry its serials, batch ids and counts. A client
 * without a user name may publish reads (their token decides) and subscribe to nothing.
 * SECURITY: a client id a signed-in reader (or the server's client) connected with stays theirs:
 * another connection with it would take their session over (disconnect them, and receive the acks
 * queued for them), so it is refused unless it signs in as the same reader. Packets over
 * `maxPacketBytes` close their connection as soon as their header announces them.
 *
 * Answers null (after logging why) when the port is taken, so the server keeps running on HTTP.
 */
export async function startEmbeddedBroker(options: {
  host: string;
  port: number;
  log: FastifyBaseLogger;
  topicRoot?: string;
  /** Checks a reader's sign-in; without it, only the server and anonymous publishers connect. */
  authenticateReader?: ReaderCheck;
  /** The largest packet a client may send, header included (MQTT_MAX_PACKET_BYTES). */
  maxPacketBytes?: number;
}): Promise<EmbeddedBroker | null> {
  const { log } = options;
  const maxPacketBytes = options.maxPacketBytes ?? DEFAULT_MQTT_MAX_PACKET_BYTES;
  const root = options.topicRoot ?? DEFAULT_MQTT_TOPIC_ROOT;
  const isReads = (topic: string) =>
    topic.startsWith(`${root}/`) && /^[^/+#]+\/(reads|measurements)$/.test(topic.slice(root.length + 1));
  /** A reader's own topic: the serial compared as serials are, whatever its case. */
  const ownTopic = (topic: string, serial: string, kind: 'reads' | 'measurements' | 'acks') =>
    topic.toLowerCase() === `${root}/${serial}/${kind}`.toLowerCase() && !/[+#]/.test(topic);
  const password = randomBytes(24).toString('base64url');
  const trusted = new WeakSet<object>();
  /** Signed-in readers' clients and their serials. */
  const signedIn = new WeakMap<object, string>();
  /**
   * Who each client id belongs to (the server, or a reader by its serial in lower case) and the
   * connection that holds it now: kept while its session may hold anything (a persistent one).
   */
  const owners = new Map<string, { owner: string; client: object }>();
  const ownerOf = (username: string) => (username === SERVER_USERNAME ? username : username.toLowerCase());
  const refuse = (
    done: (error: AuthenticateError, success: null) => void,
    returnCode = BAD_USERNAME_OR_PASSWORD,
    message = 'Bad username or password',
  ) => {
    const error = new Error(message) as AuthenticateError;
    error.returnCode = returnCode;
    done(error, null);
  };
  const broker = await Aedes.createBroker({
    authenticate: (client, username, given, done) => {
      const owned = owners.get(client.id);
      // SECURITY: a client id that belongs to the server or a reader is theirs alone (MQTT session takeover).
      if (owned && (username === undefined || owned.owner !== ownerOf(username))) {
        log.warn({ clientId: client.id }, 'an MQTT connection with a client id of another was refused');
        return refuse(done, IDENTIFIER_REJECTED, 'Identifier rejected');
      }
      if (username === undefined) return done(null, true);
      const own = () => owners.set(client.id, { owner: ownerOf(username), client });
      if (username === SERVER_USERNAME) {
        if (given?.toString() !== password) return refuse(done);
        trusted.add(client);
        own();
        return done(null, true);
      }
      const token = given?.toString() ?? '';
      if (!options.authenticateReader || token === '') return refuse(done);
      options.authenticateReader(username, token).then(
        (valid) => {
          if (!valid) return refuse(done);
          signedIn.set(client, username);
          own();
          done(null, true);
        },
        (error: unknown) => {
          log.warn({ err: error }, 'an MQTT reader sign-in could not be checked');
          refuse(done);
        },
      );
    },
    authorizePublish: (client, packet, done) => {
      if (!client || trusted.has(client)) return done(null);
      const serial = signedIn.get(client);
      const own = serial !== undefined && PUBLISHED_KINDS.some((kind) => ownTopic(packet.topic, serial, kind));
      if (serial === undefined ? isReads(packet.topic) : own) return done(null);
      done(new Error(`Readers publish only to ${root}/<serial>/reads and /measurements, their own`));
    },
    authorizeSubscribe: (client, subscription, done) => {
      const serial = client ? signedIn.get(client) : undefined;
      if ((client && trusted.has(client)) || (serial !== undefined && ownTopic(subscription.topic, serial, 'acks'))) {
        return done(null, subscription);
      }
      // Refused (granted 0x80), the connection stays.
      done(null, null);
    },
  });
  // A clean session leaves nothing behind: its client id is free again once it disconnects.
  broker.on('clientDisconnect', (client) => {
    const owned = owners.get(client.id);
    if (owned?.client === client && client.clean) owners.delete(client.id);
  });
  const refusedPacket = (address: string) =>
    log.warn({ address, maxPacketBytes }, 'an MQTT packet over the size limit: connection closed');
  // Small packets (acks, PUBACKs) go out at once: Nagle's algorithm would hold one back while an
  // earlier packet waits for its delayed TCP acknowledgement, adding up to 40 ms to a batch's ack.
  const server: Server = createServer({ noDelay: true }, (socket) =>
    broker.handle(limitPacketSize(socket, maxPacketBytes, refusedPacket)),
  );
  const listening = await new Promise<boolean>((resolve) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE' || error.code === 'EACCES') {
        log.error(
          { port: options.port, code: error.code },
          `MQTT port ${options.port} is ${error.code === 'EADDRINUSE' ? 'already in use (another MQTT broker?)' : 'not allowed'}: ` +
            'the embedded broker is not started and readers can send reads over HTTP only. Set MQTT_URL to use ' +
            'the broker that holds the port (e.g. mqtt://127.0.0.1:1883), MQTT_PORT to another port, or ' +
            'MQTT_EMBEDDED=false.',
        );
      } else log.error({ err: error }, 'the embedded MQTT broker could not start');
      resolve(false);
    });
    server.listen(options.port, options.host, () => resolve(true));
  });
  if (!listening) {
    await new Promise<void>((resolve) => broker.close(() => resolve()));
    return null;
  }
  const port = (server.address() as AddressInfo).port;
  log.info({ host: options.host, port }, 'embedded MQTT broker listening');
  return {
    port,
    serverCredentials: { username: SERVER_USERNAME, password },
    clients: () => broker.connectedClients,
    close: async () => {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
