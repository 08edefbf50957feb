// Two server processes on one PostgreSQL, one MQTT broker and one files directory, behind a
// round-robin proxy, as docs/deployment.md describes a deployment with many readers: a token
// from one process serves on the other, reads sent over HTTP to either and over MQTT (a shared
// subscription) are applied once, the lost sweep and a scheduled report run once, and a file
// uploaded through one is served by the other. PostgreSQL only: the embedded database serves
// one process (it locks its data directory).
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MqttReadAck } from '@tagtrack/contract';
import { acksTopic, readsTopic } from '../src/transports/mqtt/topics.js';
import { multipart, TINY_PNG } from './multipart.js';
import { ServerProcess } from './server-process.js';
import { dailyStockReport } from './report-fixtures.js';
import {
  TEST_DB_KIND,
  createDatabaseFromTemplate,
  databaseUrl,
  dropDatabase,
  testDatabaseName,
} from './test-database.js';

/** Mosquitto in CI; without it the MQTT test is reported as skipped (the embedded broker has no shared subscriptions). */
const BROKER = process.env.TEST_MQTT_URL;
/** A topic root of this run's own, so parallel runs on one broker never hear each other. */
const ROOT = `tagtrack-multi-${randomUUID().slice(0, 8)}/readers`;
const PASSWORD = 'Multi-process-2026!';
const DB_NAME = testDatabaseName(`multi_${process.pid}`);

interface Answer {
  status: number;
  text: string;
  body: Buffer;
  /** Which process answered through the proxy (0 or 1). */
  upstream: string | null;
  json<T = Record<string, unknown>>(): T;
}

async function call(
  base: string,
  method: string,
  url: string,
  options: { token?: string; body?: unknown; form?: ReturnType<typeof multipart> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = options.token ? { authorization: `Bearer ${options.token}` } : {};
  let body: BodyInit | undefined;
  if (options.form) {
    Object.assign(headers, options.form.headers);
    body = new Uint8Array(options.form.payload);
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const res = await fetch(`${base}${url}`, { method, headers, body });
  const bytes = Buffer.from(await res.arrayBuffer());
  const text = bytes.toString('utf8');
  return {
    status: res.status,
    text,
    body: bytes,
    upstream: res.headers.get('x-upstream'),
    json: <T>() => JSON.parse(text) as T,
  };
}

/** A load balancer in miniature: each request to the next process in turn, the answer marked with which one. */
async function startProxy(upstreams: () => string[]): Promise<{ url: string; close(): Promise<void> }> {
  let next = 0;
  const server: Server = createServer((req, res) => {
    const targets = upstreams();
    const index = next++ % targets.length;
    const target = new URL(targets[index]!);
    const forward = request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: target.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-upstream': String(index) });
        answer.pipe(res);
      },
    );
    forward.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(probe: () => Promise<T | undefined>, what: string, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

let tag = 0;
/** New EPCs (96-bit, no encoding of the customer's: their items are of the Unassigned product). */
const epcs = (n: number) =>
  Array.from({ length: n }, () => `E2801160${(++tag).toString(16).padStart(16, '0')}`.toUpperCase());
const batch = (codes: string[], time: number) => ({
  batch_id: randomUUID(),
  reads: codes.map((epc) => ({ epc, antenna: 1, time: new Date(time).toISOString() })),
});

describe.runIf(TEST_DB_KIND === 'postgres')('two server processes on one PostgreSQL (TEST_DB_KIND=postgres)', () => {
  let dataDir: string;
  let db: pg.Client;
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  /** Every process started, for the clean-up and the error check. */
  const started: ServerProcess[] = [];
  let pair: ServerProcess[] = [];
  let urls: string[] = [];
  let admin: string;
  const world = {
    locations: {} as Record<'dock' | 'zone' | 'aisle', string>,
    readers: {} as Record<'dock' | 'zone' | 'aisle', { serial: string; token: string }>,
  };
  let reader: MqttClient | undefined;

  const count = async (query: string, values: unknown[]) =>
    Number((await db.query<{ n: string }>(query, values)).rows[0]!.n);

  async function startPair() {
    const env = {
      DATABASE_URL: databaseUrl(DB_NAME),
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: PASSWORD,
      DEMO_DATA: '0',
      // The signing secret is generated by the first start and read from the database by both.
      JWT_SECRET: undefined,
      MQTT_URL: BROKER,
      MQTT_TOPIC_ROOT: ROOT,
      MQTT_SHARE_GROUP: undefined,
      LOST_SWEEP_SECONDS: '1',
      // The MQTT subscriptions and the lost sweep's marks are read from the processes' logs.
      LOG_LEVEL: 'info',
    };
    pair = [new ServerProcess(env), new ServerProcess(env)];
    started.push(...pair);
    urls = await Promise.all(pair.map((server) => server.ready(90_000)));
    if (BROKER) await Promise.all(pair.map((server) => server.printed(/mqtt ingest subscribed/)));
  }

  async function created<T>(url: string, body: object): Promise<T> {
    const res = await call(proxy.url, 'POST', url, { token: admin, body });
    expect(res.status, `${url}: ${res.text}`).toBeLessThan(300);
    return res.json<T>();
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'tagtrack-multi-'));
    await dropDatabase(DB_NAME);
    await createDatabaseFromTemplate(DB_NAME);
    db = new pg.Client({ connectionString: databaseUrl(DB_NAME) });
    await db.connect();
    proxy = await startProxy(() => urls);
    await startPair();

    const signIn = await call(proxy.url, 'POST', '/api/token/', { body: { username: 'admin', password: PASSWORD } });
    expect(signIn.status, signIn.text).toBe(200);
    admin = signIn.json<{ access: string }>().access;
    // A location, a configuration there and a reader assigned to it, for each of three places.
    for (const place of ['dock', 'zone', 'aisle'] as const) {
      const location = await created<{ uuid: string }>('/configuration/location/', { name: place, parent: null });
      const configuration = await created<{ id: number }>('/configuration/reader-configuration/', {
        name: `At the ${place}`,
        description: '',
        location: location.uuid,
        reader_type: 'FR22',
        application: 'BradyReaderApp',
        conf_data: {
          RssiFilter: '',
          Channel: 'hop',
          data_format: 'trace',
          time_2_collect: 30,
          FilterLongTimeSeenTimeout: 60,
          product: 'epc',
          Rfid: [{ TxLevel: 0, AntennaMask: 1, Session: 0, RfidFilter: [] }],
        },
      });
      const made = await created<{ uuid: string; serial: string; secret: string }>('/configuration/reader/', {
        serial_number: `MULTI-${place}-${randomUUID().slice(0, 8)}`,
        name: place,
        description: '',
        reader_type: 'FR22',
      });
      await created('/configuration/reader-assignment/', {
        reader_uuid: made.uuid,
        reader_configuration_ids: [configuration.id],
      });
      const token = await call(proxy.url, 'POST', '/reader-api/token/', {
        body: { serial: made.serial, secret: made.secret },
      });
      expect(token.status, token.text).toBe(200);
      world.locations[place] = location.uuid;
      world.readers[place] = { serial: made.serial, token: token.json<{ access: string }>().access };
    }
  }, 180_000);

  afterAll(async () => {
    await reader?.endAsync().catch(() => undefined);
    await Promise.all(started.map((server) => server.kill()));
    await proxy?.close();
    await db?.end().catch(() => undefined);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    await dropDatabase(DB_NAME);
  });

  it('starts both at once on an empty database: one first customer, announced by one of them', () => {
    expect(pair.filter((server) => /First start: sign in as admin/.test(server.output))).toHaveLength(1);
  });

  it('signs in on one process and uses and refreshes the token on the other; refresh tokens rotate across both', async () => {
    const [a, b] = urls as [string, string];
    // A user of its own: the reuse below ends its sessions, and the admin's token serves the rest.
    await created('/accounts/users/', {
      username: 'rotator',
      email: 'rotator@example.com',
      first_name: 'Rita',
      last_name: 'Rotator',
      roles: ['viewer'],
      password: PASSWORD,
      language: 'en',
    });
    const first = await call(a, 'POST', '/api/token/', { body: { username: 'rotator', password: PASSWORD } });
    expect(first.status).toBe(200);
    const pair1 = first.json<{ access: string; refresh: string }>();
    const me = await call(b, 'GET', '/accounts/users/me/', { token: pair1.access });
    expect(me.status, me.text).toBe(200);
    expect(me.json()).toMatchObject({ username: 'rotator' });

    const refreshed = await call(b, 'POST', '/api/token/refresh/', { body: { refresh: pair1.refresh } });
    expect(refreshed.status, refreshed.text).toBe(200);
    const pair2 = refreshed.json<{ access: string; refresh: string }>();
    expect((await call(a, 'GET', '/accounts/users/me/', { token: pair2.access })).status).toBe(200);
    // The used refresh token, shown to the other process, is refused and revokes its family there too.
    expect((await call(a, 'POST', '/api/token/refresh/', { body: { refresh: pair1.refresh } })).status).toBe(401);
    expect((await call(b, 'POST', '/api/token/refresh/', { body: { refresh: pair2.refresh } })).status).toBe(401);
    // The session ends on both processes at once: its access token is refused on either.
    for (const base of [a, b]) {
      expect((await call(base, 'GET', '/accounts/users/me/', { token: pair2.access })).status).toBe(401);
    }

    // Through the proxy, calls alternate between the processes and all answer.
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => call(proxy.url, 'GET', '/accounts/users/me/', { token: admin })),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(answers.map((r) => r.upstream))).toEqual(new Set(['0', '1']));
  });

  it('applies reads sent over HTTP to either process, each batch once, and answers a retry on the other as a duplicate', async () => {
    const [a, b] = urls as [string, string];
    const { dock, zone } = world.readers;
    const send = (base: string, token: string, body: object) =>
      call(base, 'POST', '/reader-api/reads/', { token, body }).then((res) => {
        expect(res.status, res.text).toBe(200);
        return res.json();
      });
    const t0 = Date.now() - 60_000;
    const first = epcs(10);
    const later = epcs(5);
    const b1 = batch(first, t0);
    const b2 = batch(first.slice(0, 5), t0 + 1000);
    const b3 = batch([first[5]!, ...later], t0 + 2000);
    const b4 = batch([first[0]!], t0 + 3000);
    const counts = (accepted: number, created: number, moved: number) => ({
      accepted,
      created,
      moved,
      ignored: 0,
      duplicate: false,
    });
    expect(await send(a, dock.token, b1)).toMatchObject(counts(10, 10, 0));
    // B moves five of the items A created.
    expect(await send(b, zone.token, b2)).toMatchObject(counts(5, 0, 5));
    expect(await send(a, dock.token, b3)).toMatchObject(counts(6, 5, 0));
    // B moves back one it moved itself.
    expect(await send(b, dock.token, b4)).toMatchObject(counts(1, 0, 1));
    // A retry reaching the other process: nothing changes, the first answer comes back.
    expect(await send(b, dock.token, b1)).toEqual({ batch_id: b1.batch_id, ...counts(10, 10, 0), duplicate: true });
    expect(await send(a, zone.token, b2)).toEqual({ batch_id: b2.batch_id, ...counts(5, 0, 5), duplicate: true });

    // Eight batches at once through the proxy, spread over both processes.
    const many = Array.from({ length: 8 }, (_, i) => batch(epcs(5), t0 + 4000 + i));
    const answers = await Promise.all(
      many.map((body) => call(proxy.url, 'POST', '/reader-api/reads/', { token: dock.token, body })),
    );
    expect(answers.map((r) => r.status)).toEqual(many.map(() => 200));
    expect(answers.map((r) => r.json())).toEqual(many.map((m) => ({ batch_id: m.batch_id, ...counts(5, 5, 0) })));
    expect(new Set(answers.map((r) => r.upstream))).toEqual(new Set(['0', '1']));

    // Dock: first[0], first[5..9], later and the eight batches' 40; zone: first[1..4]. Both processes agree.
    for (const base of [a, b]) {
      for (const [place, items] of [
        ['dock', 51],
        ['zone', 4],
      ] as const) {
        const res = await call(base, 'GET', `/configuration/location/${world.locations[place]}/counts/`, {
          token: admin,
        });
        expect(res.json(), `${place} from ${base}`).toMatchObject({ items });
      }
    }
    const all = [...first, ...later, ...many.flatMap((m) => m.reads.map((r) => r.epc))];
    expect(await count('select count(*) as n from items where code = any($1)', [all])).toBe(55);
    // One history row per creation and per move: 55 created, 5 moved to the zone, 1 back.
    expect(await count('select count(*) as n from item_history where epc = any($1)', [all])).toBe(61);
    const ids = [b1, b2, b3, b4, ...many].map((m) => m.batch_id);
    expect(await count('select count(*) as n from ingest_batches where batch_id = any($1)', [ids])).toBe(12);
  });

  it.runIf(BROKER)(
    'shares the MQTT batches of the broker at TEST_MQTT_URL between both processes: each applied and acknowledged once',
    async () => {
      for (const server of pair) expect(server.output).toContain(`"$share/tagtrack/${ROOT}/+/reads"`);
      const { serial, token } = world.readers.zone;
      reader = await mqtt.connectAsync(BROKER!, { clientId: `multi-reader-${randomUUID().slice(0, 8)}` });
      const acks: MqttReadAck[] = [];
      reader.on('message', (_topic, payload) => acks.push(JSON.parse(payload.toString()) as MqttReadAck));
      await reader.subscribeAsync(acksTopic(serial, ROOT), { qos: 1 });
      const batches = Array.from({ length: 12 }, (_, i) => batch(epcs(5), Date.now() - 30_000 + i));
      await Promise.all(
        batches.map((body) =>
          reader!.publishAsync(readsTopic(serial, ROOT), JSON.stringify({ token, ...body }), { qos: 1 }),
        ),
      );
      const ids = batches.map((m) => m.batch_id);
      await until(
        async () => (new Set(acks.map((ack) => ack.batch_id)).size === ids.length ? true : undefined),
        'an ack of every batch',
      );
      // A second process applying the batch too would acknowledge it again, as a duplicate.
      await sleep(1000);
      expect(acks).toHaveLength(ids.length);
      for (const ack of acks) {
        expect(ack).toMatchObject({ ok: true, accepted: 5, created: 5, moved: 0, ignored: 0, duplicate: false });
      }
      const codes = batches.flatMap((m) => m.reads.map((r) => r.epc));
      expect(await count('select count(*) as n from ingest_batches where batch_id = any($1)', [ids])).toBe(12);
      expect(await count('select count(*) as n from item_history where epc = any($1)', [codes])).toBe(60);
      expect(
        await count('select count(*) as n from items where code = any($1) and location_uuid = $2', [
          codes,
          world.locations.zone,
        ]),
      ).toBe(60);

      // The reader sends a batch again (it missed the ack): one answer, a duplicate, from whichever process.
      await reader.publishAsync(readsTopic(serial, ROOT), JSON.stringify({ token, ...batches[0] }), { qos: 1 });
      await until(async () => (acks.length > ids.length ? true : undefined), 'the retry’s ack');
      await sleep(1000);
      expect(acks.slice(ids.length)).toEqual([
        expect.objectContaining({ ok: true, batch_id: ids[0], created: 5, duplicate: true }),
      ]);
    },
    60_000,
  );

  it('serves a file uploaded through one process from the other (one files directory)', async () => {
    const [a, b] = urls as [string, string];
    const files = `/configuration/location/${world.locations.dock}/files/`;
    const upload = await call(a, 'POST', files, {
      token: admin,
      form: multipart(
        { name: 'Dock door', type: 'other' },
        { filename: 'door.png', contentType: 'image/png', data: TINY_PNG },
      ),
    });
    expect(upload.status, upload.text).toBe(201);
    const { pk } = upload.json<{ pk: number }>();
    expect((await call(b, 'GET', files, { token: admin })).json<unknown[]>()).toHaveLength(1);
    const got = await call(b, 'GET', `${files}${pk}/get_file/`, { token: admin });
    expect(got.status).toBe(200);
    expect(got.body.equals(TINY_PNG)).toBe(true);
    expect((await call(b, 'DELETE', `${files}${pk}/force_delete/`, { token: admin })).status).toBe(204);
    expect((await call(a, 'GET', `${files}${pk}/get_file/`, { token: admin })).status).toBe(404);
  });

  it('marks each overdue item lost once, with both processes sweeping every second', async () => {
    const [a, b] = urls as [string, string];
    const { aisle } = world.readers;
    // The aisle's reader is online; its items were last seen ten minutes ago.
    const heartbeat = await call(a, 'POST', '/reader-api/heartbeat/', {
      token: aisle.token,
      body: { application: 'BradyReaderApp', interval: 3600, mode: 'normal' },
    });
    expect(heartbeat.status, heartbeat.text).toBe(204);
    const codes = epcs(6);
    const reads = await call(b, 'POST', '/reader-api/reads/', {
      token: aisle.token,
      body: batch(codes, Date.now() - 10 * 60_000),
    });
    expect(reads.json()).toMatchObject({ created: 6 });
    const setting = await call(proxy.url, 'PATCH', '/configuration/tracking-settings/', {
      token: admin,
      body: { lost_after_minutes: 1 },
    });
    expect(setting.status, setting.text).toBe(200);

    const lost = () => count(`select count(*) as n from items where code = any($1) and status = 'lost'`, [codes]);
    await until(async () => ((await lost()) === codes.length ? true : undefined), 'the items lost');
    // Several more sweeps of each process find nothing more to do.
    await sleep(2500);
    const rows = await db.query<{ epc: string; n: string }>(
      `select epc, count(*) as n from item_history where epc = any($1) and status = 'lost' group by epc`,
      [codes],
    );
    expect(rows.rows.map((r) => [r.epc, Number(r.n)]).sort()).toEqual(codes.map((code) => [code, 1]).sort());
    // What the processes logged adds up to the same: each item was marked by one of them.
    const marked = pair
      .flatMap((server) => server.output.split('\n'))
      .filter((line) => line.includes('"items marked lost"'))
      .reduce((sum, line) => sum + (JSON.parse(line) as { count: number }).count, 0);
    expect(marked).toBe(codes.length);
    await call(proxy.url, 'PATCH', '/configuration/tracking-settings/', {
      token: admin,
      body: { lost_after_minutes: 0 },
    });
  }, 60_000);

  it('runs a scheduled report missed while they were stopped once, with both planning it at start, and stops cleanly', async () => {
    const res = await call(proxy.url, 'POST', '/report/scheduled/', {
      token: admin,
      body: dailyStockReport('Stock every morning', 60_000),
    });
    expect(res.status, res.text).toBe(201);
    const { id } = res.json<{ id: number }>();
    expect(await Promise.all(pair.map((server) => server.stop()))).toEqual([0, 0]);
    // Yesterday's 06:00 run was missed while no server ran.
    const occurrence = new Date(Date.now() - 24 * 3600_000);
    occurrence.setUTCHours(6, 0, 0, 0);
    await db.query('update reports set schedule_start = $1, next_run_at = $2 where id = $3', [
      new Date(occurrence.getTime() - 10 * 24 * 3600_000),
      occurrence,
      id,
    ]);
    await startPair();

    type Runs = { count: number; results: { id: number; status: string; occurrence: string | null }[] };
    const runs = () =>
      call(proxy.url, 'GET', `/report/scheduled/${id}/files`, { token: admin }).then((r) => r.json<Runs>());
    const run = await until(
      async () => (await runs()).results.find((r) => r.status === 'succeeded'),
      'the missed run',
      30_000,
    );
    expect(new Date(run.occurrence!).toISOString()).toBe(occurrence.toISOString());
    // Past both job queues' polling: still the one run.
    await sleep(3000);
    expect((await runs()).count).toBe(1);
    expect(await count('select count(*) as n from report_runs where report_id = $1', [id])).toBe(1);
    // Its file, written by whichever process ran it, downloads from both.
    const files = await Promise.all(
      urls.map((base) => call(base, 'GET', `/report/scheduled/${id}/files/${run.id}/get_file`, { token: admin })),
    );
    expect(files.map((f) => f.status)).toEqual([200, 200]);
    expect(files[0]!.text).toMatch(/^Location,Count,SKU\n/);
    expect(files[1]!.text).toBe(files[0]!.text);
    expect(existsSync(path.join(dataDir, 'files'))).toBe(true);

    expect(await Promise.all(pair.map((server) => server.stop()))).toEqual([0, 0]);
    for (const server of started) expect(server.errorLines()).toEqual([]);
  }, 120_000);
});
