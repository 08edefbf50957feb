import { chmodSync, mkdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { protocol, type PGlite } from '@electric-sql/pglite';
import type { EmbeddedSession } from './row-security.js';
import { PGLiteSocketHandler, type PGLiteSocketHandlerOptions } from '@electric-sql/pglite-socket';

/**
 * The running server serves its embedded database over a Unix socket in DATA_DIR, named as
 * PostgreSQL names its own (`<dir>/.s.PGSQL.5432`), so that the CLI and psql reach the same data
 * while it runs without opening the data directory a second time.
 */
export const SOCKET_PORT = 5432;

/** The directory holding the socket (only its owner may enter it). */
export function databaseSocketDir(dataDir: string): string {
  return path.resolve(dataDir, 'socket');
}

export function databaseSocketPath(dataDir: string): string {
  return path.join(databaseSocketDir(dataDir), `.s.PGSQL.${SOCKET_PORT}`);
}

/** sun_path holds 108 bytes with its terminating NUL on Linux (104 on macOS). */
const MAX_SOCKET_PATH = process.platform === 'linux' ? 107 : 103;

/**
 * How long a client may keep the database to itself between two of its messages (inside a
 * transaction, or between the parts of one extended-protocol query) before it is disconnected and
 * its transaction rolled back: every request of the console waits meanwhile.
 */
export const IDLE_HOLD_TIMEOUT_MS = 10_000;

/** What a client's session may leave behind; run between its turns so the console's own session never sees it. */
const RESET_TURN = 'SET SESSION AUTHORIZATION DEFAULT; RESET ALL; DISCARD TEMP';
/** What the last client to leave may leave behind besides (prepared statements, cursors, listens, locks). */
const RESET_SESSION = 'DISCARD ALL';

const PROTOCOL_3 = 196608;
const QUERY = 0x51; // 'Q'
const SYNC = 0x53; // 'S'
const TERMINATE = 0x58; // 'X'
const PARSE = 0x50; // 'P'

/**
 * COPY ... FROM STDIN: PGlite reads the data as part of the COPY's own message, finds none, and
 * its one session is lost (the server's too). Refused; COPY ... TO STDOUT works.
 */
const COPY_FROM_CLIENT = /^\s*copy\b[^;]*\bfrom\s+stdin\b/im;
const COPY_REFUSAL =
  'COPY FROM STDIN is not available on the embedded database socket: use INSERT statements (or run the server on PostgreSQL)';

/** The SQL text of a Query message, or of a Parse message (after the statement's name). */
function sqlText(message: Uint8Array): string {
  const body = Buffer.from(message.buffer, message.byteOffset + 5, message.length - 5);
  const text = message[0] === PARSE ? body.subarray(body.indexOf(0) + 1) : body;
  const end = text.indexOf(0);
  return text.subarray(0, end < 0 ? text.length : end).toString('utf8');
}

function readyForQuery(status: 'I' | 'T'): Buffer {
  return Buffer.from([0x5a, 0, 0, 0, 5, status.charCodeAt(0)]);
}

interface Session {
  id: number;
  /** Set while the client has the database: releases PGlite's transaction lock. */
  release?: () => void;
  /** The client's work, one message at a time, and its end last. */
  chain: Promise<unknown>;
  timer?: NodeJS.Timeout;
  ending?: Promise<void>;
  /** Ends the client's connection, with a FATAL error message saying why. */
  disconnect: (reason: string) => void;
  /** A refused Parse: the rest of its extended query is skipped up to Sync. */
  skipToSync?: boolean;
}

function errorResponse(severity: 'ERROR' | 'FATAL', code: string, message: string): Buffer {
  const field = (type: string, value: string) =>
    Buffer.concat([Buffer.from(type), Buffer.from(value), Buffer.from([0])]);
  const body = Buffer.concat([
    field('S', severity),
    field('V', severity),
    field('C', code),
    field('M', message),
    Buffer.from([0]),
  ]);
  const head = Buffer.alloc(5);
  head.write('E');
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

/**
 * PGlite is one PostgreSQL session, which the server's own queries share with the socket's
 * clients. pglite-socket runs each client message under PGlite's query lock only, so a client's
 * open transaction would take in the server's queries run meanwhile (and the server's transaction
 * a client's statements). This takes the place of its query queue: a client's turn (a simple query,
 * or the messages of an extended query up to Sync, and a whole transaction) holds
 * the session (EmbeddedSession, which every statement of the server's takes in turn), so the two
 * never interleave; session settings and temporary tables a client made are reset at the end of its turn.
 */
class SocketSessions {
  private readonly sessions = new Map<number, Session>();

  private readonly pg: PGlite;

  constructor(
    private readonly session: EmbeddedSession,
    private readonly holdTimeoutMs: number,
    private readonly log: DatabaseSocketOptions['log'],
  ) {
    this.pg = session.pg;
  }

  add(id: number, disconnect: (reason: string) => void): void {
    this.sessions.set(id, { id, chain: Promise.resolve(), disconnect });
  }

  /** pglite-socket's handler calls this with each complete message, one at a time per client. */
  enqueue(id: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    const session = this.sessions.get(id);
    if (!session || session.ending) return Promise.reject(new Error('The connection is closed'));
    const work = session.chain.then(() => this.run(session, message, onData));
    session.chain = work.catch(() => undefined);
    return work;
  }

  clearQueueForHandler(): void {
    // Nothing waits here: a client's next message comes after its last one has run.
  }

  /** pglite-socket's handler calls this when the client's connection ends. */
  clearTransactionIfNeeded(id: number): Promise<void> {
    const session = this.sessions.get(id);
    if (!session) return Promise.resolve();
    // pglite-socket's handler does not always catch this: never reject.
    session.ending ??= session.chain
      .then(() => this.end(session))
      .catch((error: unknown) =>
        this.log.warn({ err: error }, 'a database socket client could not be cleaned up after'),
      );
    return session.ending;
  }

  private async run(session: Session, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    const startup = message.length >= 8 && Buffer.from(message).readInt32BE(4) === PROTOCOL_3;
    // Terminate: the client leaves. Its session's end cleans up; PGlite's one session goes on.
    if (!startup && message[0] === TERMINATE) {
      session.disconnect('');
      return 0;
    }
    clearTimeout(session.timer);
    if (!session.release) session.release = await this.acquire();
    const type = startup ? 0 : message[0];
    if (session.skipToSync && type !== SYNC) return this.holdOn(session, 0);
    session.skipToSync = false;
    if ((type === QUERY || type === PARSE) && COPY_FROM_CLIENT.test(sqlText(message))) {
      const refusal = errorResponse('ERROR', '0A000', COPY_REFUSAL);
      onData(refusal);
      if (type === PARSE) {
        session.skipToSync = true;
        return this.holdOn(session, refusal.length);
      }
      const inTransaction = this.pg.isInTransaction();
      onData(readyForQuery(inTransaction ? 'T' : 'I'));
      if (!inTransaction) await this.finishTurn(session, false);
      else this.holdOn(session, 0);
      return refusal.length + 6;
    }
    let bytes = 0;
    try {
      await this.pg.runExclusive(() =>
        this.pg.execProtocolRawStream(message, {
          onRawData: (data) => {
            bytes += data.length;
            onData(data);
          },
        }),
      );
    } catch (error) {
      await this.finishTurn(session, true);
      throw error;
    }
    const endsTurn = startup || type === QUERY || type === SYNC;
    if (endsTurn && !this.pg.isInTransaction()) await this.finishTurn(session, false);
    else this.holdOn(session, 0);
    return bytes;
  }

  /** The client keeps the database between two of its messages: not for longer than holdTimeoutMs. */
  private holdOn(session: Session, bytes: number): number {
    session.timer = setTimeout(
      () =>
        session.disconnect(
          'terminating connection: it held the embedded database idle (in a transaction or an unfinished query) too long',
        ),
      this.holdTimeoutMs,
    );
    session.timer.unref();
    return bytes;
  }

  private async end(session: Session): Promise<void> {
    clearTimeout(session.timer);
    this.sessions.delete(session.id);
    if (session.release) await this.finishTurn(session, true);
    if (this.sessions.size === 0) {
      const release = await this.acquire();
      try {
        await this.exec(RESET_SESSION);
      } finally {
        release();
      }
    }
  }

  /** Ends a client's turn: closes what it left open (when it went away mid-turn), resets, and lets the server in. */
  private async finishTurn(session: Session, abandoned: boolean): Promise<void> {
    const release = session.release;
    session.release = undefined;
    clearTimeout(session.timer);
    try {
      if (abandoned) {
        // An extended query cut short waits for its Sync; then roll back what the client left open.
        await this.pg.runExclusive(() =>
          this.pg.execProtocolRawStream(protocol.serialize.sync(), { onRawData: () => undefined }),
        );
        if (this.pg.isInTransaction()) await this.exec('ROLLBACK');
      }
      await this.exec(RESET_TURN);
    } finally {
      release?.();
    }
  }

  /** Runs text as a simple query, the caller holding the transaction lock. */
  private exec(text: string): Promise<void> {
    return this.pg.runExclusive(() =>
      this.pg.execProtocolRawStream(protocol.serialize.query(text), { onRawData: () => undefined }),
    );
  }

  /** Waits for the session (after the server's transaction or statement in progress) and keeps it until released. */
  private acquire(): Promise<() => void> {
    return this.session.hold();
  }
}

export interface DatabaseSocketOptions {
  dataDir: string;
  /** Also listen on 127.0.0.1 at this port (0: any free port); unset: the Unix socket only. */
  tcpPort?: number;
  holdTimeoutMs?: number;
  log: { warn(obj: object, msg: string): void };
}

export interface DatabaseSocket {
  /** The Unix socket's path, when it could be served. */
  path?: string;
  /** The TCP port on 127.0.0.1, when asked for. */
  port?: number;
  /** Disconnects every client (rolling back what they left open) and removes the socket file. */
  stop(): Promise<void>;
}

/**
 * Serves the server's PGlite to PostgreSQL clients (the CLI, psql) over a Unix socket in DATA_DIR,
 * and on 127.0.0.1 when asked. The caller holds DATA_DIR's lock: a socket file found there was
 * left by a server that is gone, and is replaced.
 */
export async function serveDatabaseSocket(
  session: EmbeddedSession,
  options: DatabaseSocketOptions,
): Promise<DatabaseSocket> {
  const sessions = new SocketSessions(session, options.holdTimeoutMs ?? IDLE_HOLD_TIMEOUT_MS, options.log);
  const handlers = new Set<PGLiteSocketHandler>();
  const servers: net.Server[] = [];
  const onConnection = (socket: net.Socket) => {
    const handler = new PGLiteSocketHandler({
      // Structurally the queue pglite-socket's handler calls (its class has private members).
      queryQueue: sessions as unknown as PGLiteSocketHandlerOptions['queryQueue'],
      closeOnDetach: true,
    });
    handlers.add(handler);
    sessions.add(handler.handlerId, (reason) => {
      if (reason && socket.writable) socket.write(errorResponse('FATAL', '25P03', reason));
      socket.end();
      socket.destroy();
    });
    handler.addEventListener('close', () => handlers.delete(handler));
    handler.addEventListener('error', () => handlers.delete(handler));
    handler.attach(socket).catch(() => socket.destroy());
  };
  const listen = (server: net.Server, address: net.ListenOptions) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(address, () => {
        server.off('error', reject);
        server.on('error', (error) => options.log.warn({ err: error }, 'the database socket failed'));
        resolve();
      });
    });

  const result: DatabaseSocket = {
    stop: async () => {
      // A server closes once its connections have: stop listening, then end the clients'.
      const closed = Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
      await Promise.all([...handlers].map((handler) => handler.detach(true)));
      await closed;
      if (result.path) rmSync(result.path, { force: true });
    },
  };

  const socketPath = databaseSocketPath(options.dataDir);
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) {
    options.log.warn(
      { path: socketPath },
      'the database socket is not served: its path is too long for a Unix socket (use a shorter DATA_DIR)',
    );
  } else {
    const dir = databaseSocketDir(options.dataDir);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    chmodSync(dir, 0o700);
    rmSync(socketPath, { force: true });
    const server = net.createServer(onConnection);
    try {
      await listen(server, { path: socketPath });
      servers.push(server);
      result.path = socketPath;
    } catch (error) {
      options.log.warn({ err: error, path: socketPath }, 'the database socket is not served');
    }
  }
  if (options.tcpPort !== undefined) {
    const server = net.createServer(onConnection);
    try {
      await listen(server, { port: options.tcpPort, host: '127.0.0.1' });
      servers.push(server);
      result.port = (server.address() as net.AddressInfo).port;
    } catch (error) {
      // As with the embedded MQTT broker: a port in use is logged, the console runs on.
      options.log.warn({ err: error, port: options.tcpPort }, 'the embedded database is not served on 127.0.0.1');
    }
  }
  return result;
}
