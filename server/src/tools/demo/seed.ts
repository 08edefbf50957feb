import { sql } from 'drizzle-orm';
import { EXTENSIONS } from '@tagtrack/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { TenantScope } from '../../db/tenant.js';
import type { FileStorage } from '../../lib/storage/file-storage.js';
import { seedDemoCatalogue } from './seed-catalogue.js';
import { seedDemoLocations } from './seed-locations.js';
import { seedDemoReaders } from './seed-readers.js';
import { seedDemoReports } from './seed-reports.js';
import { seedDemoSensors } from './seed-sensors.js';
import { keepMeasurementPartitions } from '../../system/housekeeping.repository.js';

/** MEASUREMENT_RETENTION_DAYS when the caller does not say (its default). */
const DEFAULT_MEASUREMENT_RETENTION_DAYS = 30;
import { seedDemoUsers } from './seed-users.js';
import { createCustomer, createUser } from '../../system/provisioning.js';
import { generatePassword } from '../../lib/auth/passwords.js';

export const DEMO_CUSTOMER = 'Demo Warehouse';
export const DEMO_USERS = [
  { username: 'operator', role: 'operator', firstName: 'Olivia', lastName: 'Operator' },
  { username: 'viewer', role: 'viewer', firstName: 'Victor', lastName: 'Viewer' },
  { username: 'application', role: 'application', firstName: 'Ada', lastName: 'Application' },
] as const;

/**
 * Seeds the demo customer: the administrator `admin` plus one user of each other role, all with
 * the same password. Each area adds its own demo data here so the console always looks alive. All
 * of it in one transaction: a start stopped midway leaves no customer behind, and the next start
 * seeds again.
 */
export async function seedDemo(
  db: Db,
  password: string,
  storage: FileStorage,
  measurementRetentionDays = DEFAULT_MEASUREMENT_RETENTION_DAYS,
) {
  return db.transaction(async (tx) => seedDemoIn(tx as unknown as Db, password, storage, measurementRetentionDays));
}

async function seedDemoIn(db: Db, password: string, storage: FileStorage, measurementRetentionDays: number) {
  const { customer, admin } = await createCustomer(db, {
    name: DEMO_CUSTOMER,
    adminUsername: 'admin',
    adminPassword: password,
    extensions: ['sensor'],
    leafLocationLimit: 500,
    isDemo: true,
  });
  for (const user of DEMO_USERS) {
    await createUser(db, {
      customerName: DEMO_CUSTOMER,
      password,
      email: `${user.username}@demo.tagtrack.io`,
      ...user,
    });
  }
  // The past day of sensor values needs its day tables (the server makes them at start too).
  await keepMeasurementPartitions(db, measurementRetentionDays);
  await TenantScope.within(db, customer.id, async (tenant) => {
    await seedDemoLocations(tenant, storage);
    await seedDemoCatalogue(tenant);
    await seedDemoReaders(tenant);
    await seedDemoSensors(tenant);
    await seedDemoUsers(tenant, password);
    await seedDemoReports(tenant, storage);
  });
  return { customer, admin };
}

/**
 * On an empty database: the first customer and its administrator `admin` (with ADMIN_PASSWORD, or a
 * generated password printed once), as the demo customer when demo data is on.
 */
export async function bootstrapEmptyDatabase(
  db: Db,
  options: { adminPassword?: string; demo: boolean; storage: FileStorage; measurementRetentionDays?: number },
  log: FastifyBaseLogger,
): Promise<void> {
  const { countCustomers } = await import('../../system/customers.repository.js');
  const password = options.adminPassword ?? generatePassword();
  // One transaction: the first customer, its users and demo data commit together or not at all
  // (a first start stopped midway seeds afresh next time), and the password is printed only once
  // they are committed. The advisory lock makes servers starting at once on an empty PostgreSQL
  // wait for each other: the second finds the customer and seeds nothing.
  const seeded = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await t.execute(sql`select pg_advisory_xact_lock(727275)`);
    if ((await countCustomers(t)) > 0) return false;
    if (options.demo) {
      await seedDemoIn(
        t,
        password,
        options.storage,
        options.measurementRetentionDays ?? DEFAULT_MEASUREMENT_RETENTION_DAYS,
      );
    }
    // The first customer has every extension: a fresh install shows every feature.
    else
      await createCustomer(t, {
        name: 'Tagtrack',
        adminUsername: 'admin',
        adminPassword: password,
        extensions: [...EXTENSIONS],
      });
    return true;
  });
  if (!seeded) return;
  const who = options.demo ? `admin, ${DEMO_USERS.map((u) => u.username).join(', ')}` : 'admin';
  log.info({ users: who, demo: options.demo }, 'created the first customer');
  const shown = options.adminPassword ? '(the ADMIN_PASSWORD you set)' : password;
  // Printed once on purpose: the password is not stored anywhere in clear.
  process.stdout.write(
    `\n  First start: sign in as ${options.demo ? `${who} (one user per role)` : 'admin'} with the password ${shown}\n` +
      (options.adminPassword ? '' : '  It is shown only this once; npm run cli -- user:password resets a password.\n') +
      '\n',
  );
}
