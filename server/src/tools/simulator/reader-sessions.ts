import type { SimulatedReader } from './options.js';

/** A refused call; retryAfter (seconds) when the server asked for the same request again later (503). */
export class CallFailed extends Error {
  constructor(
    message: string,
    readonly retryAfter?: number,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** A reader whose secret the server refused (it was re-initialised or deleted): it stops sending. */
export class ReaderStopped extends Error {
  constructor(reader: SimulatedReader) {
    super(`${reader.serial}: its secret was refused (re-initialised or deleted): it stops`);
  }
}

const refusedCredentials = (error: unknown) => error instanceof CallFailed && error.status === 401;

export async function call<T>(url: string, init: RequestInit & { token?: string }): Promise<T> {
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

export interface Session {
  reader: SimulatedReader;
  token: string;
  renewAt: number;
  heartbeats: NonNullable<SimulatedReader['heartbeats']>;
  /** Its secret was refused: the reader was re-initialised or deleted, and sends nothing more. */
  stopped?: boolean;
}

/**
 * The simulated readers signed in: each signs in with its serial and secret and downloads its
 * configuration, as a reader does on start. A reader whose token is refused signs in again once;
 * when its secret is refused too, it stops and leaves `active`.
 */
export class ReaderSessions {
  /** The readers still sending. */
  readonly active: Session[] = [];
  /** Called when a reader stops: its tags go to the readers still sending. */
  onStop: (session: Session) => void = () => undefined;

  constructor(
    private readonly base: string,
    private readonly log: (line: string) => void,
    private readonly onReaderStopped?: (serial: string) => void,
  ) {}

  private async signIn(reader: SimulatedReader): Promise<Session> {
    const { access, expires_in } = await call<{ access: string; expires_in: number }>(
      `${this.base}/reader-api/token/`,
      { method: 'POST', body: JSON.stringify({ serial: reader.serial, secret: reader.secret }) },
    );
    return { reader, token: access, renewAt: Date.now() + expires_in * 500, heartbeats: reader.heartbeats ?? [] };
  }

  /** Signs the reader in and (unless told not to) downloads its configuration. */
  async open(reader: SimulatedReader, downloadConfiguration: boolean): Promise<void> {
    const session = await this.signIn(reader);
    const conf = !downloadConfiguration
      ? { configurations: [] }
      : await call<{ configurations: { application: string }[] }>(`${this.base}/reader-api/configuration/`, {
          token: session.token,
        });
    if (session.heartbeats.length === 0) {
      session.heartbeats = [
        { application: conf.configurations[0]?.application ?? 'BradyReaderApp', interval: 60, mode: 'normal' },
      ];
    }
    this.active.push(session);
  }

  private stop(session: Session): void {
    if (session.stopped) return;
    session.stopped = true;
    this.active.splice(this.active.indexOf(session), 1);
    this.log(new ReaderStopped(session.reader).message);
    this.onReaderStopped?.(session.reader.serial);
    this.onStop(session);
  }

  private async renew(session: Session): Promise<void> {
    if (session.stopped) throw new ReaderStopped(session.reader);
    try {
      Object.assign(session, await this.signIn(session.reader), { heartbeats: session.heartbeats });
    } catch (error) {
      if (!refusedCredentials(error)) throw error;
      this.stop(session);
      throw new ReaderStopped(session.reader);
    }
  }

  private async fresh(session: Session): Promise<string> {
    if (session.stopped) throw new ReaderStopped(session.reader);
    if (Date.now() >= session.renewAt) await this.renew(session);
    return session.token;
  }

  /**
   * Calls with the session's token; a refused token (revoked by a re-initialisation, or signed with
   * a secret the server no longer has) gets one new sign-in, whose refusal stops the reader.
   */
  async authorised<T>(session: Session, use: (token: string) => Promise<T>): Promise<T> {
    const token = await this.fresh(session);
    try {
      return await use(token);
    } catch (error) {
      if (!refusedCredentials(error)) throw error;
      await this.renew(session);
      return use(session.token);
    }
  }
}
