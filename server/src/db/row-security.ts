import type { PGlite, Transaction } from '@electric-sql/pglite';
import type pg from 'pg';

/**
 * SECURITY: how a connection comes to act for one customer. Migration 0017 gives every tenant
 * table a policy that lets the role tagtrack_app see and write only the rows whose customer_id is
 * the setting app.customer_id. A tenant's statements run as that role with that setting; the
 * owner's connection (the privileged path) runs as itself and passes the policies.
 *
 * - PostgreSQL: a pooled connection keeps the role and customer of its last use for its session,
 *   and is switched (one statement) only when the next use is for another customer or the owner.
 *   With one customer busy, as in a warehouse's day, statements cost no round trip more.
 * - The embedded database has one session, which this process's statements take in turn
 *   (EmbeddedSession): it keeps the role and customer of the last use and is switched (one
 *   statement) only when the next is for another customer or the owner. Clients of its socket
 *   (the CLI) reach it as the owner; the server's statements over that socket, from another
 *   process, set role and customer for each of their transactions (TransactionStatePool).
 */

/** The role a tenant's statements run as; its policy reads app.customer_id. */
export const TENANT_ROLE = 'tagtrack_app';

function customerSetting(customerId: number): string {
  if (!Number.isSafeInteger(customerId) || customerId <= 0) throw new Error(`Not a customer id: ${customerId}`);
  return String(customerId);
}

/** The statement that makes a session (local: the current transaction) act for a customer. */
export function actAsCustomerSql(customerId: number, local: boolean): string {
  return `select set_config('role', '${TENANT_ROLE}', ${local}), set_config('app.customer_id', '${customerSetting(customerId)}', ${local})`;
}

/** The select-list item that gives a session a statement timeout (0: none). */
function statementTimeoutSql(ms: number): string {
  if (!Number.isSafeInteger(ms) || ms < 0) throw new Error(`Not a statement timeout: ${ms}`);
  return `set_config('statement_timeout', '${ms}', false)`;
}

/** The statement that gives a session back to its owner. */
const ACT_AS_OWNER = `select set_config('role', 'none', false), set_config('app.customer_id', '', false)`;

type QueryConfig = string | pg.QueryConfig;

/**
 * The node-postgres pool as one kind of use sees it (a customer's, or the owner's): each
 * connection it hands out is in that use's session state. "Pool" in its name is what drizzle's
 * driver looks for to open a transaction on a connection of its own.
 */
export class SessionStatePool {
  constructor(
    private readonly pool: pg.Pool,
    /** The state each open connection's session is in, shared by every use of the pool. */
    private readonly states: WeakMap<pg.PoolClient, string>,
    private readonly state: string,
    private readonly setup: string,
  ) {}

  /**
   * A customer's use; with `statementTimeoutMs` (a number, 0 for none) its session also gets that
   * statement timeout, which PostgreSQL enforces by cancelling a statement that runs longer.
   */
  static forCustomer(
    pool: pg.Pool,
    states: WeakMap<pg.PoolClient, string>,
    customerId: number,
    statementTimeoutMs?: number,
  ): SessionStatePool {
    const timeout = statementTimeoutMs === undefined ? '' : `, ${statementTimeoutSql(statementTimeoutMs)}`;
    return new SessionStatePool(
      pool,
      states,
      `customer ${customerId}${timeout ? ` within ${statementTimeoutMs} ms` : ''}`,
      `${actAsCustomerSql(customerId, false)}${timeout}`,
    );
  }

  /** The owner's use; `noStatementTimeout`: its session runs without one (migrations, backups). */
  static forOwner(pool: pg.Pool, states: WeakMap<pg.PoolClient, string>, noStatementTimeout = false): SessionStatePool {
    return new SessionStatePool(
      pool,
      states,
      'owner',
      noStatementTimeout ? `${ACT_AS_OWNER}, ${statementTimeoutSql(0)}` : ACT_AS_OWNER,
    );
  }

  async connect(): Promise<pg.PoolClient> {
    const client = await this.pool.connect();
    if (this.states.get(client) === this.state) return client;
    this.states.delete(client);
    try {
      await client.query(this.setup);
    } catch (error) {
      // A session in an unknown state is not reused.
      client.release(error as Error);
      throw error;
    }
    this.states.set(client, this.state);
    return client;
  }

  async query(config: QueryConfig, values?: unknown[]): Promise<pg.QueryResult> {
    const client = await this.connect();
    try {
      return await client.query(config as pg.QueryConfig, values);
    } finally {
      client.release();
    }
  }
}

/** The text of a query drizzle sends, to recognise its `begin`. */
function queryText(config: QueryConfig): string {
  return typeof config === 'string' ? config : config.text;
}

/**
 * A customer's use of the embedded database reached through its socket: the session is the
 * server's own, so the role and customer are set for each transaction only (in the same round
 * trip as its `begin`), and a statement outside a transaction gets one of its own.
 */
export class TransactionStatePool {
  private readonly setup: string;

  constructor(
    private readonly pool: pg.Pool,
    customerId: number,
  ) {
    this.setup = actAsCustomerSql(customerId, true);
  }

  async connect(): Promise<Pick<pg.PoolClient, 'query' | 'release'>> {
    const client = await this.pool.connect();
    const setup = this.setup;
    return {
      query: ((config: QueryConfig, values?: unknown[]) =>
        /^begin\b/i.test(queryText(config).trim())
          ? client.query(`${queryText(config)}; ${setup}`)
          : client.query(config as pg.QueryConfig, values)) as pg.PoolClient['query'],
      release: (error?: Error | boolean) => client.release(error),
    };
  }

  async query(config: QueryConfig, values?: unknown[]): Promise<pg.QueryResult> {
    const client = await this.pool.connect();
    try {
      await client.query(`begin; ${this.setup}`);
      try {
        const result = await client.query(config as pg.QueryConfig, values);
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback');
        throw error;
      }
    } finally {
      client.release();
    }
  }
}

/**
 * The embedded database's one session, as this process shares it between the owner, its
 * customers and the database socket's clients. Each use runs alone on it (a statement, a
 * transaction, or a socket client's turn) after putting the session in the state it needs; the
 * state stays for the next use, so while one customer is busy its statements cost nothing more.
 * Every use of the session goes through here: one that did not would find it acting for
 * whichever customer came last.
 */
export class EmbeddedSession {
  /** The state the session is in; undefined: not known (a socket client's turn, a failed switch). */
  private state: string | undefined;
  private tail: Promise<unknown> = Promise.resolve();
  private pending = 0;

  constructor(readonly pg: PGlite) {}

  /** Turns running or waiting for the session (the metrics: one runs, the others wait). */
  get turns(): number {
    return this.pending;
  }

  /** Runs work alone on the session, acting as `state` (which `setup` establishes for the session). */
  run<T>(state: string, setup: string, work: () => Promise<T>): Promise<T> {
    const turn = this.tail.then(async () => {
      if (this.state !== state) {
        this.state = undefined;
        await this.pg.exec(setup);
        this.state = state;
      }
      return work();
    });
    this.tail = turn.catch(() => undefined);
    this.pending += 1;
    const ended = () => {
      this.pending -= 1;
    };
    turn.then(ended, ended);
    return turn;
  }

  /**
   * Keeps the session, as its owner, until the returned release is called: a socket client's
   * turn, which may change anything in it (its end resets the session, but the state is not
   * relied on afterwards).
   */
  hold(): Promise<() => void> {
    return new Promise((acquired, failed) => {
      // PGlite's transaction lock too: what runs past this queue (nothing should) waits for the turn's end.
      this.run(OWNER_STATE, ACT_AS_OWNER, () =>
        this.pg._runExclusiveTransaction(() => new Promise<void>((release) => acquired(release))),
      )
        .finally(() => {
          this.state = undefined;
        })
        .catch(failed);
    });
  }
}

const OWNER_STATE = 'owner';

/**
 * One use of the embedded database in this process (the owner's, or a customer's), in the shape
 * drizzle's PGlite driver calls: each statement and transaction runs on the session acting as it.
 */
export class EmbeddedUse {
  private constructor(
    private readonly session: EmbeddedSession,
    private readonly state: string,
    private readonly setup: string,
  ) {}

  static forCustomer(session: EmbeddedSession, customerId: number): EmbeddedUse {
    return new EmbeddedUse(session, `customer ${customerId}`, actAsCustomerSql(customerId, false));
  }

  static forOwner(session: EmbeddedSession): EmbeddedUse {
    return new EmbeddedUse(session, OWNER_STATE, ACT_AS_OWNER);
  }

  query(...args: Parameters<PGlite['query']>) {
    return this.session.run(this.state, this.setup, () => this.session.pg.query(...args));
  }

  /** Several statements; one that fails inside a BEGIN of the text rolls it back, as a connection's end would. */
  exec(...args: Parameters<PGlite['exec']>) {
    const { pg } = this.session;
    return this.session.run(this.state, this.setup, async () => {
      try {
        return await pg.exec(...args);
      } catch (error) {
        if (pg.isInTransaction()) await pg.exec('ROLLBACK');
        throw error;
      }
    });
  }

  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.session.run(this.state, this.setup, () => this.session.pg.transaction(work));
  }
}
