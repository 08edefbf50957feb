import type { z } from 'zod';
import type { HeartbeatReportSchema, ReaderAnnounceSchema, ReaderDeviceConfigurationSchema } from '@tagtrack/contract';
import type { PublicContext } from '../../lib/context.js';
import { authenticationFailed, notFound, throttled } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/auth/passwords.js';
import type { LoginThrottle } from '../../lib/auth/login-throttle.js';
import { secretVersion, type ReaderContext, type ReaderTokenSigner } from '../../lib/auth/reader-tokens.js';
import {
  findAssignedConfigurations,
  markUploaded,
  type ReaderRow,
  updateReader,
  upsertHeartbeat,
} from './readers.repository.js';

/** A reader signs in and announces itself by serial, without a customer: what system/'s directory finds for it. */
export interface DeviceDirectory {
  /** The reader with this serial (compared without regard to case), in any customer. */
  readerBySerial(serial: string): Promise<ReaderRow | undefined>;
  /** Records an unregistered reader's announcement (on-premise autodiscovery); a registered one changes nothing. */
  announceReader(values: { serial: string; kind: string; ipAddress: string; version: string }): Promise<void>;
}

export interface DeviceDeps {
  directory: DeviceDirectory;
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
  sys: Pick<PublicContext, 'log'>,
  deps: DeviceDeps,
  input: { serial: string; secret: string },
  address: string,
): Promise<{ access: string; expires_in: number }> {
  const key = throttleKey(input.serial);
  const wait = deps.throttle.retryAfter(key, address);
  if (wait > 0) {
    throw throttled(wait);
  }
  const reader = await deps.directory.readerBySerial(input.serial);
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
export async function announceReader(deps: DeviceDeps, input: z.infer<typeof ReaderAnnounceSchema>) {
  if (!deps.onPremise) throw notFound();
  await deps.directory.announceReader({
    serial: input.serial,
    kind: input.kind,
    ipAddress: input.ip_address,
    version: input.version,
  });
}
