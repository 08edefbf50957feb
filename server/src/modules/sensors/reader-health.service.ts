import { randomUUID } from 'node:crypto';

import { DEFAULT_LANGUAGE, isLanguageCode } from '@tagtrack/contract';

import type { TenantScope } from '../../db/tenant.js';

import { renderMail } from '../../lib/mail/templates/mail-templates.js';

import { queueMessages } from '../outbox/outbox.service.js';

import { utcTime } from './alert-messages.js';

import { insertObservations, type NewObservation } from './observations.repository.js';

import { findAdministratorAddresses, lockReaderHealth, saveReaderHealth } from './reader-health.repository.js';

/**
 * Judges one customer's fixed readers (docs/sensors.md, Reader health): a reader whose heartbeats
 * went stale (02 §4) since the last sweep raises a reader_offline event, one whose heartbeats are
 * fresh again a reader_online event, each once per transition, with an e-mail to each of the
 * customer's administrators in their language. A reader the sweep sees for the first time is only
 * recorded. Answers the outbox ids of the messages, to send once committed.
 */
export async function judgeReaderHealth(tenant: TenantScope, now: Date): Promise<number[]> {
  return tenant.transaction(async (tx) => {
    const readers = await lockReaderHealth(tx, now);
    const saved: { readerId: number; offline: boolean; changedAt: Date }[] = [];
    const events: (NewObservation & {
      template: 'readerOffline' | 'readerOnline';
      serial: string;
      location: string;
    })[] = [];
    for (const reader of readers) {
      const offline = !reader.online;
      if (reader.wasOffline === offline) continue;
      saved.push({ readerId: reader.id, offline, changedAt: now });
      if (reader.wasOffline === null) continue;
      const since = offline && reader.staleAt ? new Date(reader.staleAt) : new Date(reader.lastBeat);
      events.push({
        uuid: randomUUID(),
        kind: offline ? 'reader_offline' : 'reader_online',
        ruleId: null,
        ruleName: reader.name || reader.serial,
        itemId: null,
        productId: null,
        locationUuid: null,
        readerId: reader.id,
        typeUuid: null,
        value: null,
        measuredAt: since,
        template: offline ? 'readerOffline' : 'readerOnline',
        serial: reader.serial,
        location: reader.location ?? '',
      });
    }
    await saveReaderHealth(tx, saved);
    if (events.length === 0) return [];
    await insertObservations(
      tx,
      events.map(({ template: _t, serial: _s, location: _l, ...event }) => event),
    );
    const administrators = await findAdministratorAddresses(tx);
    return queueMessages(
      tx,
      events.flatMap((event) =>
        administrators.map((admin) => {
          const language = isLanguageCode(admin.language) ? admin.language : DEFAULT_LANGUAGE;
          const mail = renderMail(event.template, language, {
            reader: event.ruleName,
            serial: event.serial,
            location: event.location,
            time: utcTime(event.measuredAt),
          });
          return {
            channel: 'email' as const,
            recipient: admin.email,
            subject: mail.subject,
            body: mail.text,
            language,
            observationUuid: event.uuid,
          };
        }),
      ),
    );
  });
}
