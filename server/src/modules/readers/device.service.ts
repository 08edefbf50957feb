import type { z } from 'zod';
import type { HeartbeatReportSchema, ReaderAnnounceSchema, ReaderDeviceConfigurationSchema } from '@tagtrack/contract';
import type { Db } from '../../db/client.js';
import type { SystemContext } from '../../lib/context.js';
import { authenticationFailed, notFound, throttled } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/auth/passwords.js';
import type { LoginThrottle } from '../../lib/auth/login-throttle.js';
import { upsertDiscoveredReader } from './onprem.repository.js';
import { secretVersion, type ReaderContext, type ReaderTokenSigner } from '../../lib/auth/reader-tokens.js';
import {
  findAssignedConfigurations,
  findReaderBySerial,
  markUploaded,
  updateReader,
  upsertHeartbeat,
} from './readers.repository.js';

export interface DeviceDeps {
  signer: ReaderTokenSigner;
  throttle: LoginThrottle;
  onPremise: boolean;
}

type DeviceConfiguration = z.infer<typeof ReaderDeviceConfigurationSchema>;

/** The throttle's account key of a reader, apart from usernames. */
const throttleKey = (serial: string) => `reader:${serial.toLowerCase()}`;

/**
 * POST /reader-api/token/: a reader's serial and secret for a reader token. An unknown serial and
 * a wrong secret get the same answer, after the same work (a dummy hash is verified).
 */
export async function issueReaderToken(
  sys: SystemContext,
  deps: DeviceDeps,
  input: { serial: string; secret: string },
  address: string,
): Promise<{ access: string; expires_in: number }> {
  const key = throttleKey(input.serial);
  const wait = deps.throttle.retryAfter(key, address);
  if (wait > 0) {
    throw throttled(wait);
  }
  const reader = await findReaderBySerial(sys.db, input.serial);
  const valid = await verifyPassword(reader?.secretHash ?? null, input.secret);
  if (!reader?.secretHash || !valid) {
    deps.throttle.recordFailure(key, address);
    sys.log.warn({ serial: input.serial, address }, 'failed reader sign-in');
    throw authenticationFailed('No reader found with the given serial and secret');
  }
  deps.throttle.recordSuccess(key, address);
  const access = await deps.signer.sign({
    readerId: reader.id,
    customerId: reader.customerId,
    secretVersion: secretVersion(reader.secretHash),
  });
  return { access, expires_in: deps.signer.ttlSeconds };
}

/** GET /reader-api/configuration/: the reader's configurations; an assigned reader becomes uploaded. */
export async function downloadConfiguration(rctx: ReaderContext): Promise<DeviceConfiguration> {
  const { reader, tenant } = rctx;
  const configurations = (await findAssignedConfigurations(tenant, [reader.id])).get(reader.id) ?? [];
  if (await markUploaded(tenant, reader.id)) rctx.log.info({ readerId: reader.id }, 'reader configuration uploaded');
  return {
    reader: { uuid: reader.uuid, serial: reader.serial, kind: reader.kind },
    configurations: configurations.map((c) => ({
      id: c.id,
      name: c.name,
      application: c.application,
      location: c.locationUuid,
      location_name: c.locationName,
      conf_data: c.confData,
    })),
  };
}

/** POST /reader-api/heartbeat/: the application's latest heartbeat; a handheld's is its last time in use. */
export async function recordHeartbeat(rctx: ReaderContext, input: z.infer<typeof HeartbeatReportSchema>) {
  const now = new Date();
  await upsertHeartbeat(rctx.tenant, rctx.reader.id, input, now);
  if (rctx.reader.family === 'hh') await updateReader(rctx.tenant, rctx.reader.id, { lastProcessList: now });
}

/** POST /reader-api/announce/ (on-premise): an unregistered reader makes itself known to autodiscovery. */
export async function announceReader(db: Db, onPremise: boolean, input: z.infer<typeof ReaderAnnounceSchema>) {
  if (!onPremise) throw notFound();
  // A registered reader's announcement changes nothing, and answers the same.
  if (await findReaderBySerial(db, input.serial)) return;
  await upsertDiscoveredReader(db, {
    serial: input.serial,
    kind: input.kind,
    ipAddress: input.ip_address,
    version: input.version,
  });
}
