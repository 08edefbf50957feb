// Alert notifications (docs/sensors.md, Notifications): an alert's e-mail and SMS actions go through
// the outbox and the job queue to a real SMTP server and an SMS gateway on loopback, with retries.
import { createOutboxMailer } from '../src/modules/outbox/outbox.service.js';
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ObservationRule } from '@tagtrack/contract';
import { mailOutbox, users } from '../src/db/schema/index.js';
import { NotificationDispatcher } from '../src/jobs/notification-dispatcher.js';
import { setCustomerExtensions } from '../src/system/provisioning.js';
import { createSmsGateway } from '../src/lib/mail/sms-gateway.js';
import { keepMeasurementPartitions } from '../src/system/housekeeping.repository.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { buildUser } from './factories.js';
import { startSmtpCatcher, type CaughtMail } from './smtp-catcher.js';
import { nid32, readerCustomer, readerToken } from './reader-fixtures.js';

const TEMPERATURE = '3f0c5a3e-6d1b-4c1e-9a57-2b8f0e6d4a01';
const SMS_TOKEN = 'gateway-token-0123';

let mails: CaughtMail[];
const texts: { to: string; text: string; authorization: string | undefined }[] = [];
/** How many SMS to a number the gateway refuses (500) before it accepts them. */
const refusals = new Map<string, number>();

let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let gateway: Server;
let t: TestApp;
let dispatcher: NotificationDispatcher;
let own: Awaited<ReturnType<typeof readerCustomer>>;
let token: string;
let vaccine: number;

async function body(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  mails = smtp.received;
  gateway = createServer((req, res) => {
    void body(req).then((text) => {
      const sms = JSON.parse(text) as { to: string; text: string };
      const refuse = refusals.get(sms.to) ?? 0;
      if (refuse > 0) {
        refusals.set(sms.to, refuse - 1);
        res.writeHead(500, { 'content-type': 'text/plain' }).end('gateway busy');
        return;
      }
      texts.push({ ...sms, authorization: req.headers.authorization });
      res.writeHead(202, { 'content-type': 'application/json' }).end('{"queued":true}');
    });
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  const env = {
    SMTP_URL: smtp.url,
    SMS_URL: `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/send`,
    SMS_TOKEN,
  };
  t = await buildTestApp({
    env,
    // The app dispatches through the dispatcher made next (it needs the app's database).
    notifications: { dispatch: (customerId, ids) => dispatcher.dispatch(customerId, ids) },
  });
  dispatcher = new NotificationDispatcher({
    owner: t.database.privileged,
    access: t.database,
    jobQueue: t.database.jobQueue,
    transports: (log) => ({
      mailer: createOutboxMailer({ config: t.config, db: t.database.privileged, log }),
      sms: createSmsGateway({ config: t.config, log }),
    }),
    retryLimit: 2,
    retryDelaySeconds: 1,
    pollingIntervalSeconds: 0.5,
  });
  await dispatcher.start(t.app.log);

  await keepMeasurementPartitions(t.database.privileged, 30);
  own = await readerCustomer(t);
  await setCustomerExtensions(t.database.privileged, { name: own.customer.name, extensions: ['sensor'] });
  const created = await own.call('POST', '/master-data/product/', {
    sku: '100',
    name: 'Vaccine',
    metadata: { sensor_product: 'true' },
  });
  expect(created.statusCode, created.body).toBe(201);
  vaccine = created.json<{ id: number }>().id;
  const fridge = await own.location('Cold room 2');
  const configuration = await own.configuration({ location: fridge, sensor: true });
  const reader = await own.reader();
  expect((await own.assign(reader.uuid, [configuration.id])).statusCode).toBeLessThan(300);
  token = await readerToken(t, reader.serial, reader.secret);
}, 60_000);
afterAll(async () => {
  await dispatcher.stop();
  await t.close();
  await smtp.close();
  await new Promise<void>((resolve) => gateway.close(() => resolve()));
});

async function until<T>(probe: () => Promise<T | undefined> | T | undefined, what: string, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

let sensors = 0;
async function alertWith(actions: object[]): Promise<{ rule: ObservationRule; epc: string }> {
  const res = await own.call('POST', '/sensor-data/observation/rule/', {
    name: `Fridge ${randomUUID().slice(0, 6)}`,
    measurement_type: TEMPERATURE,
    conditions: [
      { name: 'low_limit', function_name: 'less_than', function_parameters: { limit: 2 } },
      { name: 'hight_limit', function_name: 'greater_than', function_parameters: { limit: 8 } },
    ],
    actions,
    products: [vaccine],
  });
  expect(res.statusCode, res.body).toBe(201);
  const epc = nid32(100, 700 + ++sensors);
  const sent = await t.call({
    method: 'POST',
    url: '/reader-api/measurements/',
    token,
    payload: {
      batch_id: randomUUID(),
      measurements: [{ epc, measurement_type: TEMPERATURE, value: 9.254, time: new Date().toISOString() }],
    },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  return { rule: res.json<ObservationRule>(), epc };
}

const outboxOf = (recipient: string) =>
  own.tenant.db
    .select()
    .from(mailOutbox)
    .where(own.tenant.where(mailOutbox, eq(mailOutbox.recipient, recipient)));

describe('alert notifications', () => {
  it('send each action to each recipient in their language: e-mail over SMTP, SMS to the gateway with its token', async () => {
    const { user } = await buildUser(t.database.privileged, { role: 'operator', customerName: own.customer.name });
    const address = `${user.username}@example.com`;
    await t.database.privileged
      .update(users)
      .set({ email: address, phoneNumber: '+4798765432', language: 'de' })
      .where(eq(users.id, user.id));
    const { rule, epc } = await alertWith([
      { name: 'Mail', action_type: 'email', payload: { recipients: [address, 'quality@example.com'] } },
      { name: 'Text', action_type: 'sms', payload: { recipients: ['+4712345678', '+4798765432'] } },
    ]);
    // The numbers as the console writes them in each recipient's language.
    const german = await until(() => mails.find((m) => m.to.includes(address)), 'the German mail');
    expect(german.mail.subject).toBe(`Alarm: ${rule.name}`);
    expect(german.mail.text).toContain(epc);
    expect(german.mail.text).toContain('9,25 °C');
    expect(german.mail.text).toContain('2,00 – 8,00 °C');
    expect(german.mail.text).not.toContain('9.25');
    expect(german.mail.text).toContain('Cold room 2');
    const english = await until(() => mails.find((m) => m.to.includes('quality@example.com')), 'the English mail');
    expect(english.mail.subject).toBe(`Alert: ${rule.name}`);
    expect(english.mail.text).toContain('Vaccine');
    expect(english.mail.text).toContain('9.25 °C');
    expect(english.mail.text).toContain('2.00 – 8.00 °C');
    const sms = await until(() => texts.find((x) => x.to === '+4712345678'), 'the SMS');
    expect(sms.authorization).toBe(`Bearer ${SMS_TOKEN}`);
    expect(sms.text).toContain(rule.name);
    expect(sms.text).toContain('9.25 °C');
    const germanSms = await until(() => texts.find((x) => x.to === '+4798765432'), 'the German SMS');
    expect(germanSms.text).toContain('9,25 °C gemessen, zulässig 2,00 – 8,00 °C');

    const kept = await until(async () => {
      const rows = await outboxOf('+4712345678');
      return rows.every((r) => r.status === 'sent') && rows.length === 1 ? rows : undefined;
    }, 'the SMS recorded as sent');
    expect(kept[0]).toMatchObject({ channel: 'sms', attempts: 1, error: '' });
    expect(kept[0]!.observationUuid).toBeTruthy();
    // The console's outbox lists them with their channel.
    const listed = await own.call('GET', '/accounts/outbox/?search=%2B4712345678');
    expect(listed.json().results).toMatchObject([{ channel: 'sms', status: 'sent', attempts: 1 }]);
  });

  it('retry a refused delivery with growing delays, then record it sent; after the last attempt, failed with the reason', async () => {
    refusals.set('+4700000001', 1);
    await alertWith([{ action_type: 'sms', payload: { recipients: ['+4700000001'] } }]);
    const retried = await until(async () => {
      const [row] = await outboxOf('+4700000001');
      return row?.status === 'sent' ? row : undefined;
    }, 'the retried SMS sent');
    expect(retried).toMatchObject({ attempts: 2, error: '' });

    refusals.set('+4700000002', 3);
    await alertWith([{ action_type: 'sms', payload: { recipients: ['+4700000002'] } }]);
    const failed = await until(async () => {
      const [row] = await outboxOf('+4700000002');
      return row?.status === 'failed' ? row : undefined;
    }, 'the SMS given up');
    expect(failed.attempts).toBe(3);
    expect(failed.error).toContain('500');
    expect(texts.some((x) => x.to === '+4700000002')).toBe(false);
  }, 60_000);

  it('are sent by the sweep when the server stopped between the alert and its send', async () => {
    // An app without the dispatcher: the alert's message waits in the outbox.
    const quiet = await buildTestApp({
      database: t.database,
      keepDatabase: true,
      env: { SMTP_URL: t.config.SMTP_URL! },
    });
    try {
      await own.call('POST', '/sensor-data/observation/rule/', {
        name: 'Swept',
        measurement_type: TEMPERATURE,
        conditions: [{ name: 'hight_limit', function_name: 'greater_than', function_parameters: { limit: 8 } }],
        actions: [{ action_type: 'email', payload: { recipients: ['swept@example.com'] } }],
        products: [vaccine],
      });
      const res = await quiet.call({
        method: 'POST',
        url: '/reader-api/measurements/',
        token,
        payload: {
          batch_id: randomUUID(),
          measurements: [
            { epc: nid32(100, 799), measurement_type: TEMPERATURE, value: 12, time: new Date().toISOString() },
          ],
        },
      });
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      await quiet.close();
    }
    expect(await outboxOf('swept@example.com')).toMatchObject([{ status: 'pending', attempts: 0 }]);
    expect(await dispatcher.sweep(new Date(Date.now() + 60_000))).toBeGreaterThanOrEqual(1);
    await until(() => mails.find((m) => m.to.includes('swept@example.com')), 'the swept mail');
    await until(async () => ((await outboxOf('swept@example.com'))[0]?.status === 'sent' ? true : undefined), 'sent');
  });
});
