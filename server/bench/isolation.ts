// What tenant isolation by the database costs (docs/architecture.md): the same service calls,
// on the same data, through a customer's connection (row-level security on, the customer set per
// connection or per transaction) and through the owner's connection (policies bypassed),
// alternated call by call so that both see the same machine. It reports the medians and their
// ratio; it asserts nothing.
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { ItemExportQuerySchema, ItemListQuerySchema, ProductListQuerySchema, type Role } from '@tagtrack/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.js';
import { TenantScope } from '../src/db/tenant.js';
import type { ServiceContext } from '../src/lib/context.js';
import { AppCaches } from '../src/lib/app-caches.js';
import { loadConfig } from '../src/config.js';
import { exportItemsCsv } from '../src/modules/items/item-exports.js';
import { listItems } from '../src/modules/items/items.service.js';
import { listLocations } from '../src/modules/locations/locations.service.js';
import { listProducts } from '../src/modules/products/products.service.js';
import { getMe } from '../src/modules/identity/users.service.js';

const silent = {
  info: () => {},
  warn: () => {},
  error: () => {},
  debug: () => {},
  child: () => silent,
} as unknown as FastifyBaseLogger;

/** Streams an item export into nothing: what the client would download. */
async function drainExport(ctx: ServiceContext): Promise<void> {
  let body: Readable | undefined;
  const reply = {
    type: () => reply,
    header: () => reply,
    send: (stream: Readable) => {
      body = stream;
      return reply;
    },
    log: silent,
  };
  await exportItemsCsv(ctx, reply as unknown as FastifyReply, ItemExportQuerySchema.parse({}));
  for await (const chunk of body!) void chunk;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function benchIsolation(
  database: Database,
  /** On PostgreSQL a second pool for the owner's side, as a server's pool serves one customer most of the day. */
  ownerDatabase: Database,
  customerId: number,
  userId: number,
  rounds = 25,
) {
  const actor = { id: userId, customerId, username: 'bench', role: 'administrator' as Role };
  // One app's caches, as both sides of one server would share them.
  const caches = new AppCaches(loadConfig());
  const contexts = {
    isolated: { actor, tenant: new TenantScope(database, customerId), log: silent, caches },
    owner: {
      actor,
      tenant: new TenantScope({ forCustomer: () => ownerDatabase.privileged }, customerId),
      log: silent,
      caches,
    },
  };
  const calls: [string, (ctx: ServiceContext) => Promise<unknown>, number?][] = [
    ['GET /accounts/users/me/ (service)', (ctx) => getMe(ctx)],
    ['item list, page 1 of 300', (ctx) => listItems(ctx, ItemListQuerySchema.parse({ page_size: '300' }))],
    [
      'item list, search',
      (ctx) => listItems(ctx, ItemListQuerySchema.parse({ search: '0000000000', page_size: '20' })),
    ],
    ['product list, page of 20', (ctx) => listProducts(ctx, ProductListQuerySchema.parse({ page_size: '20' }))],
    ['location tree with counts', (ctx) => listLocations(ctx, { onlyRoot: false, concrete: false })],
    ['item export (CSV, streamed)', (ctx) => drainExport(ctx), Math.max(5, Math.round(rounds / 5))],
  ];
  const select1 = sql`select 1`;
  const settle = {
    isolated: () => database.forCustomer(customerId).execute(select1),
    owner: () => ownerDatabase.privileged.execute(select1),
  };
  process.stdout.write(`\nisolation: the same calls with and without row-level security, ${database.kind}\n`);
  for (const [label, call, callRounds = rounds] of calls) {
    const times = { isolated: [] as number[], owner: [] as number[] };
    // One of each first, unmeasured: plans and caches warm for both.
    await call(contexts.isolated);
    await call(contexts.owner);
    for (let round = 0; round < callRounds; round++) {
      const order = round % 2 === 0 ? (['isolated', 'owner'] as const) : (['owner', 'isolated'] as const);
      for (const kind of order) {
        // The connection acts for this side before the clock starts: a server busy with one
        // customer does not switch between its calls (the switch is measured below).
        await settle[kind]();
        const start = performance.now();
        await call(contexts[kind]);
        times[kind].push(performance.now() - start);
      }
    }
    const isolated = median(times.isolated);
    const owner = median(times.owner);
    process.stdout.write(
      `  ${label.padEnd(32)} isolated p50 ${isolated.toFixed(2)} ms, owner p50 ${owner.toFixed(2)} ms  (${((isolated / owner - 1) * 100).toFixed(1)} %)\n`,
    );
  }
  // What a statement costs when the connection last acted for another customer and must be
  // switched first, against one that follows the same customer's (select 1 touches no rows).
  const switched: number[] = [];
  const same: number[] = [];
  const customer = database.forCustomer(customerId);
  for (let round = 0; round < 500; round++) {
    await database.forCustomer(customerId + 1).execute(select1);
    let start = performance.now();
    await customer.execute(select1);
    switched.push(performance.now() - start);
    start = performance.now();
    await customer.execute(select1);
    same.push(performance.now() - start);
  }
  process.stdout.write(
    `  a statement after another customer's (switch) p50 ${median(switched).toFixed(3)} ms, after the same customer's p50 ${median(same).toFixed(3)} ms\n`,
  );
}
