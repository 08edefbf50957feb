import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { AppMetrics } from '../lib/metrics.js';
import { createOutboxMailer } from '../modules/outbox/outbox.service.js';
import { createSmsGateway } from '../lib/mail/sms-gateway.js';
import type { FileStorage } from '../lib/storage/file-storage.js';
import { startHousekeeping } from './housekeeping.js';
import type { Job } from './job.js';
import { startLostSweep } from './lost-sweep.js';
import { NotificationDispatcher } from './notification-dispatcher.js';
import { startReaderHealthSweep } from './reader-health-sweep.js';
import { ReportScheduler } from './report-scheduler.js';

export interface JobDeps {
  config: Config;
  database: Database;
  storage: FileStorage;
  metrics?: AppMetrics;
}

/**
 * The runners on the job queue, made before the app: it hands their work to them ("Run now", the
 * messages of alerts). They take work once startJobs started them.
 */
export interface QueueRunners {
  reportScheduler: ReportScheduler;
  notifications: NotificationDispatcher;
}

export function createQueueRunners({ config, database, storage, metrics }: JobDeps): QueueRunners {
  const reportScheduler = new ReportScheduler({
    owner: database.privileged,
    access: database,
    jobQueue: database.jobQueue,
    storage,
    retentionDays: config.REPORT_RETENTION_DAYS,
    metrics,
    soleProcess: database.kind === 'pglite',
    mail: {
      publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
      attachmentMaxBytes: config.REPORT_MAIL_ATTACHMENT_MAX_MB * 1024 * 1024,
    },
    // The dispatcher starts after the scheduler; a run's mail waits in the outbox till then.
    notify: (customerId, ids) => notifications.dispatch(customerId, ids),
  });
  const notifications = new NotificationDispatcher({
    owner: database.privileged,
    access: database,
    jobQueue: database.jobQueue,
    transports: (log) => ({
      mailer: createOutboxMailer({ config, db: database.privileged, log }),
      sms: createSmsGateway({ config, log }),
      files: storage,
    }),
    metrics,
  });
  return { reportScheduler, notifications };
}

/** Every background job of the server, stopped as one; `stop` names each step as it takes it. */
export interface Jobs extends Job {
  stop(onStep?: (step: string) => void): Promise<void>;
}

/**
 * Starts every background job, in one place: the housekeeping, the lost sweep, the queue's
 * runners and the reader health sweep. Stopping ends the sweeps' timers first, then lets the
 * report runs and the messages in flight finish.
 */
export async function startJobs(deps: JobDeps & { runners: QueueRunners; log: FastifyBaseLogger }): Promise<Jobs> {
  const { config, database, runners, log } = deps;
  const owner = database.privileged;
  const notify = (customerId: number, ids: number[]) => runners.notifications.dispatch(customerId, ids);
  const sweeps: Job[] = [
    startHousekeeping({
      owner,
      log,
      embedded: database.kind === 'pglite',
      measurementRetentionDays: config.MEASUREMENT_RETENTION_DAYS,
      ingestBatchRetentionDays: config.INGEST_BATCH_RETENTION_DAYS,
    }),
    startLostSweep({ owner, log, intervalMs: config.LOST_SWEEP_SECONDS * 1000 }),
  ];
  await runners.reportScheduler.start(log);
  await runners.notifications.start(log);
  sweeps.push(startReaderHealthSweep({ owner, log, notify }));
  return {
    stop: async (onStep = () => undefined) => {
      onStep('stopping the sweeps');
      for (const sweep of sweeps) await sweep.stop();
      onStep('finishing scheduled report runs');
      await runners.reportScheduler.stop();
      onStep('finishing notifications in flight');
      await runners.notifications.stop();
    },
  };
}
