// A scheduled report's recipients (docs/reports.md, Recipients): each run's CSV is mailed to them
// through the outbox, attached up to a size and linked beyond, each in the recipient's language.
import { createOutboxMailer } from '../src/modules/outbox/outbox.service.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { InventoryReport } from '@tagtrack/contract';
import { items, mailOutbox, products, reportRuns, reports, users } from '../src/db/schema/index.js';
import { NotificationDispatcher } from '../src/jobs/notification-dispatcher.js';
import { ReportScheduler, type ReportSchedulerOptions } from '../src/jobs/report-scheduler.js';
import { createSmsGateway } from '../src/lib/mail/sms-gateway.js';
import { LocalDiskStorage } from '../src/lib/storage/file-storage.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { signedIn } from './factories.js';
import { specialLocation, tenantOf } from './catalogue-fixtures.js';
import { dailyStockReport } from './report-fixtures.js';
import { startSmtpCatcher, type CaughtMail } from './smtp-catcher.js';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let dispatcher: NotificationDispatcher;
let storage: LocalDiskStorage;
let admin: Awaited<ReturnType<typeof signedIn>>;
let german: Awaited<ReturnType<typeof signedIn>>;
const schedulers: ReportScheduler[] = [];
const silent = { info: () => {}, warn: () => {}, error: () => {}, debug: () => {}, child: () => silent } as never;

function scheduler(overrides: Partial<ReportSchedulerOptions> = {}): ReportScheduler {
  const made = new ReportScheduler({
    owner: t.database.privileged,
    access: t.database,
    jobQueue: t.database.jobQueue,
    storage,
    retentionDays: 90,
    pollingIntervalSeconds: 0.5,
    mail: { publicUrl: 'https://console.test/', attachmentMaxBytes: 1024 * 1024 },
    notify: (customerId, ids) => dispatcher.dispatch(customerId, ids),
    ...overrides,
  });
  schedulers.push(made);
  return made;
}

async function until<T>(probe: () => Promise<T | undefined> | T | undefined, what: string, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const mailTo = (address: string, from = 0) =>
  smtp.received.slice(from).find((caught: CaughtMail) => caught.to.includes(address.toLowerCase()));

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await buildTestApp({ env: { SMTP_URL: smtp.url } });
  storage = new LocalDiskStorage(t.filesDir);
  dispatcher = new NotificationDispatcher({
    owner: t.database.privileged,
    access: t.database,
    jobQueue: t.database.jobQueue,
    transports: (log) => ({
      mailer: createOutboxMailer({ config: t.config, db: t.database.privileged, log }),
      sms: createSmsGateway({ config: t.config, log }),
      files: storage,
    }),
    retryDelaySeconds: 1,
    pollingIntervalSeconds: 0.5,
  });
  await dispatcher.start(t.app.log);
  admin = await signedIn(t, 'administrator');
  german = await signedIn(t, 'operator', admin.customerName);
  const tenant = tenantOf(t, admin.user.customerId);
  await tenant.update(users, { email: 'Greta@Example.com', language: 'de' }, eq(users.id, german.user.id));
  await tenant.update(users, { email: 'admin@example.com', language: 'en' }, eq(users.id, admin.user.id));
  const [product] = await tenant.insert(products, { sku: 'BOX', name: 'Box' }).returning({ id: products.id });
  const unassigned = await specialLocation(t, admin.user.customerId, 'unassigned');
  await tenant.insertMany(
    items,
    ['B1', 'B2'].map((code) => ({ code, productId: product!.id, locationUuid: unassigned })),
  );
}, 60_000);
afterEach(async () => {
  await Promise.all(schedulers.splice(0).map((s) => s.stop()));
});
afterAll(async () => {
  await dispatcher.stop();
  await t.close();
  await smtp.close();
});

describe('recipients of a scheduled report', () => {
  it('are saved once each, as given, and refused when not e-mail addresses', async () => {
    const refused = await t.call({
      method: 'POST',
      url: '/report/scheduled/',
      token: admin.token,
      payload: { ...dailyStockReport('Refused recipients', 60_000), recipients: ['ok@example.com', 'not an address'] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ codes: unknown }>().codes).toEqual({ 'recipients.1': [{ code: 'invalidEmailAddress' }] });

    const res = await t.call({
      method: 'POST',
      url: '/report/scheduled/',
      token: admin.token,
      payload: {
        ...dailyStockReport('Saved recipients', 60_000),
        recipients: [' a@example.com', 'b@example.com', 'A@example.com'],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const report = res.json<InventoryReport>();
    expect(report.recipients).toEqual(['A@example.com', 'b@example.com']);
    const changed = await t.call({
      method: 'PATCH',
      url: `/report/scheduled/${report.id}/`,
      token: admin.token,
      payload: { recipients: [] },
    });
    expect(changed.json<InventoryReport>().recipients).toEqual([]);
  });

  it('may be chosen among the customer’s users by those who write reports, without the sensor extension', async () => {
    const listed = await t.call({ method: 'GET', url: '/report/scheduled/recipient/', token: german.token });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json<{ results: { username: string; email: string }[] }>().results).toContainEqual(
      expect.objectContaining({ username: german.user.username, email: 'Greta@Example.com' }),
    );
    const viewer = await signedIn(t, 'viewer', admin.customerName);
    const refused = await t.call({ method: 'GET', url: '/report/scheduled/recipient/', token: viewer.token });
    expect(refused.statusCode).toBe(403);
  });

  it('get each run’s CSV attached, in their language, through the outbox; a large one as a link', async () => {
    const body = dailyStockReport('Stock for mail', 60_000);
    const res = await t.call({
      method: 'POST',
      url: '/report/scheduled/',
      token: admin.token,
      payload: {
        ...body,
        scheduled: { ...body.scheduled, time_zone: 'Europe/Berlin' },
        recipients: ['greta@example.com', 'outside@example.org'],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const report = res.json<InventoryReport>();
    const tenant = tenantOf(t, admin.user.customerId);
    await tenant.update(reports, { nextRunAt: new Date(Date.now() + 24 * 3600_000) }, eq(reports.id, report.id));

    const s = scheduler();
    await s.start(silent);
    await s.runNow(admin.user.customerId, report.id);
    const greta = await until(() => mailTo('greta@example.com'), 'the mail to Greta');
    const outside = await until(() => mailTo('outside@example.org'), 'the mail to the address typed in');
    const [run] = (await tenant.select(
      reportRuns,
      eq(reportRuns.reportId, report.id),
    )) as (typeof reportRuns.$inferSelect)[];
    // Greta reads German; an address no user has gets the author's language.
    expect(greta.mail.subject).toBe('Bericht Stock for mail');
    expect(greta.mail.text).toContain('(Europe/Berlin): 1 Zeilen');
    expect(outside.mail.subject).toBe('Report Stock for mail');
    for (const caught of [greta, outside]) {
      expect(caught.mail.attachments).toHaveLength(1);
      expect(caught.mail.attachments[0]!.filename).toBe(run!.fileName);
      expect(caught.mail.attachments[0]!.content.toString('utf8')).toBe('Location,Count,SKU\nUnassigned,2,BOX\n');
      expect(caught.mail.text).toContain(
        `https://console.test/reporting/history-scheduled-report/${report.id}/Stock%20for%20mail`,
      );
    }
    const outbox = (await tenant.select(mailOutbox)) as (typeof mailOutbox.$inferSelect)[];
    expect(
      outbox
        .filter((m) => m.subject.endsWith('Stock for mail'))
        .map((m) => [m.recipient, m.status, m.language])
        .sort(),
    ).toEqual([
      ['greta@example.com', 'sent', 'de'],
      ['outside@example.org', 'sent', 'en'],
    ]);

    // Beyond the attachment limit the file is linked rather than attached.
    await s.stop();
    const small = scheduler({ mail: { publicUrl: 'https://console.test', attachmentMaxBytes: 10 } });
    await small.start(silent);
    const before = smtp.received.length;
    await small.runNow(admin.user.customerId, report.id);
    const linked = await until(() => mailTo('outside@example.org', before), 'the linked mail');
    expect(linked.mail.attachments).toHaveLength(0);
    expect(linked.mail.text).toContain('too large to attach');
    expect(linked.mail.text).toContain(`https://console.test/reporting/history-scheduled-report/${report.id}/`);
  });
});
