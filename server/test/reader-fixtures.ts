import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { CONFIGURATION_DEFAULTS, encodeEpc, type ConfData } from '@tagtrack/contract';
import { itemHistory, items, locations, readerConfigurations } from '../src/db/schema/index.js';
import { TenantScope } from '../src/db/tenant.js';
import type { TestApp } from './build-test-app.js';
import { buildCustomer, login } from './factories.js';

export const READERS = '/configuration/reader/';

/** The EPC of serial `serial` of the NID32 product with SKU `sku`. */
export const nid32 = (sku: number, serial: number) => encodeEpc('NID32', String(sku), String(serial));
/** A read time: 1 January 2026 at 08:`minute` UTC. */
export const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 8, minute)).toISOString();

const CONF: ConfData = {
  ...CONFIGURATION_DEFAULTS.conf_data,
  Rfid: [{ TxLevel: 0, AntennaMask: 1, Session: 0, RfidFilter: ['30'] }],
};

/** A customer of its own with its administrator signed in, and helpers to make its readers' world. */
export async function readerCustomer(t: TestApp) {
  const { customer, admin } = await buildCustomer(t.database.privileged);
  const token = (await login(t, admin.username)).access;
  const tenant = new TenantScope(t.database.privileged, customer.id);
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.call({ method, url, token, ...(payload ? { payload } : {}) });
  let n = 0;
  const location = async (name = `Dock ${++n}`) => {
    const [row] = await tenant.insert(locations, { name }).returning();
    return row!.uuid;
  };
  const configuration = async (
    options: {
      readerType?: string;
      location?: string | null;
      template?: boolean;
      sensor?: boolean;
      name?: string;
    } = {},
  ) => {
    const [row] = await tenant
      .insert(readerConfigurations, {
        name: options.name ?? `Configuration ${++n}`,
        locationUuid: options.template ? null : options.location === undefined ? await location() : options.location,
        isTemplate: options.template ?? false,
        readerType: options.readerType ?? 'FR22',
        application: options.readerType === 'Handheld' ? 'Tagtrack App' : 'BradyReaderApp',
        // The Temperature measurement type.
        sensortypeUuid: options.sensor ? '3f0c5a3e-6d1b-4c1e-9a57-2b8f0e6d4a01' : null,
        confData: CONF,
      })
      .returning();
    return row!;
  };
  /** Creates a reader (cloud) and answers its credentials. */
  const reader = async (fields: { serial?: string; kind?: string; name?: string } = {}) => {
    const res = await call('POST', READERS, {
      serial_number: fields.serial ?? `SN-${customer.id}-${++n}-${Math.random().toString(36).slice(2, 8)}`,
      name: fields.name ?? 'Reader',
      description: '',
      reader_type: fields.kind ?? 'FR22',
    });
    if (res.statusCode !== 201) throw new Error(`reader create failed: ${res.statusCode} ${res.body}`);
    return res.json<{ uuid: string; serial: string; secret: string }>();
  };
  const assign = (uuid: string, ids: number[]) =>
    call('POST', '/configuration/reader-assignment/', { reader_uuid: uuid, reader_configuration_ids: ids });
  /** The customer's item with this EPC, as stored. */
  const item = async (code: string) => {
    const [row] = await tenant.db
      .select()
      .from(items)
      .where(tenant.where(items, eq(items.code, code)));
    return row;
  };
  /** The history rows of an EPC, oldest first. */
  const history = (code: string) =>
    tenant.db
      .select()
      .from(itemHistory)
      .where(tenant.where(itemHistory, eq(itemHistory.epc, code)))
      .orderBy(itemHistory.id);
  return { customer, admin, token, tenant, call, location, configuration, reader, assign, item, history };
}

/** A reader's own token from its serial and secret. */
export async function readerToken(t: TestApp, serial: string, secret: string) {
  const res = await t.call({ method: 'POST', url: '/reader-api/token/', payload: { serial, secret } });
  if (res.statusCode !== 200) throw new Error(`reader token failed: ${res.statusCode} ${res.body}`);
  return res.json<{ access: string; expires_in: number }>().access;
}

/** Sends a batch of reads (antenna 1) with a reader token, under a fresh batch id. */
export function sendReads(t: TestApp, token: string, reads: { epc: string; time: Date }[]) {
  return t.call({
    method: 'POST',
    url: '/reader-api/reads/',
    token,
    payload: {
      batch_id: randomUUID(),
      reads: reads.map((r) => ({ epc: r.epc, antenna: 1, time: r.time.toISOString() })),
    },
  });
}
