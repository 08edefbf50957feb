// The bench's fixed readers: each created, configured at a location, assigned and signed in
// through the API, as an administrator and the reader itself would.
import type { FastifyInstance } from 'fastify';
import { CONFIGURATION_DEFAULTS, type ConfData } from '@tagtrack/contract';
import { readerConfigurations } from '../src/db/schema/index.js';
import type { TenantScope } from '../src/db/tenant.js';

const confData: ConfData = {
  ...CONFIGURATION_DEFAULTS.conf_data,
  Rfid: [{ TxLevel: 0, AntennaMask: 1, Session: 0, RfidFilter: ['8'] }],
};

/**
 * A fixed reader's configuration at a location: antenna 1, NID32 tags; with a measurement type's
 * uuid, it reads that type of sensor values too. Answers its id.
 */
export async function benchConfiguration(
  tenant: TenantScope,
  name: string,
  locationUuid: string,
  sensortypeUuid: string | null = null,
): Promise<number> {
  const [conf] = await tenant
    .insert(readerConfigurations, {
      name,
      locationUuid,
      readerType: 'FR22',
      application: 'BradyReaderApp',
      sensortypeUuid,
      confData,
    })
    .returning();
  return conf!.id;
}

/** A reader created with the configuration assigned, signed in: its serial and token. */
export async function benchReader(
  app: FastifyInstance,
  auth: Record<string, string>,
  fields: { serial: string; name: string; configurationId: number },
): Promise<{ serial: string; token: string }> {
  const created = await app.inject({
    method: 'POST',
    url: '/configuration/reader/',
    headers: auth,
    payload: { serial_number: fields.serial, name: fields.name, description: '', reader_type: 'FR22' },
  });
  const reader = created.json<{ uuid: string; serial: string; secret: string }>();
  await app.inject({
    method: 'POST',
    url: '/configuration/reader-assignment/',
    headers: auth,
    payload: { reader_uuid: reader.uuid, reader_configuration_ids: [fields.configurationId] },
  });
  const token = await app.inject({
    method: 'POST',
    url: '/reader-api/token/',
    payload: { serial: reader.serial, secret: reader.secret },
  });
  return { serial: reader.serial, token: token.json<{ access: string }>().access };
}
