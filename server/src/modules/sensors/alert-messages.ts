import {
  DEFAULT_LANGUAGE,
  formatLimits,
  formatMeasurement,
  isLanguageCode,
  type LanguageCode,
} from '@tagtrack/contract';
import type { TenantScope } from '../../db/tenant.js';
import { renderMail, type SensorAlertParams } from '../../lib/mail/templates/mail-templates.js';
import { queueMessages, type PendingMessage } from '../outbox/outbox.service.js';
import { findAlertContext, type AlertContext } from './observations.repository.js';
import type { RaisedAlert } from './observations.service.js';

/** A time as the console's tables show it, in UTC: yyyy-MM-dd HH:mm:ss. */
export function utcTime(time: Date): string {
  return time.toISOString().slice(0, 19).replace('T', ' ');
}

function languageFor(context: AlertContext, recipient: string, createdBy: number | null): LanguageCode {
  const language =
    context.languageOfAddress.get(recipient.toLowerCase()) ??
    context.languageOfAddress.get(recipient) ??
    (createdBy === null ? undefined : context.languageOfUser.get(createdBy));
  return language && isLanguageCode(language) ? language : DEFAULT_LANGUAGE;
}

/**
 * The messages of these alerts' actions, one per recipient, each in the recipient's language (a
 * user's with that address or number, else the rule's author's, else English), kept in the outbox
 * as pending in the alerts' transaction (docs/sensors.md, Notifications). Answers their ids.
 */
export async function queueAlertMessages(scope: TenantScope, raised: readonly RaisedAlert[]): Promise<number[]> {
  const withActions = raised.filter((r) => r.rule.actions.length > 0);
  if (withActions.length === 0) return [];
  const context = await findAlertContext(scope, {
    productIds: [
      ...new Set(withActions.flatMap((r) => (r.observation.productId === null ? [] : [r.observation.productId]))),
    ],
    locationUuids: [
      ...new Set(withActions.flatMap((r) => (r.observation.locationUuid ? [r.observation.locationUuid] : []))),
    ],
    addresses: [...new Set(withActions.flatMap((r) => r.rule.actions.flatMap((a) => a.payload.recipients)))],
    userIds: [...new Set(withActions.flatMap((r) => (r.rule.createdBy === null ? [] : [r.rule.createdBy])))],
  });
  const messages: PendingMessage[] = [];
  for (const { rule, observation, sensor } of withActions) {
    const symbol = context.symbols.get(rule.typeUuid) ?? '';
    // The numbers are written in each recipient's language ("9.25 °C", German "9,25 °C").
    const paramsIn = (language: LanguageCode): SensorAlertParams => ({
      rule: rule.name,
      sensor,
      product: (observation.productId !== null && context.productNames.get(observation.productId)) || '',
      location: (observation.locationUuid && context.locationNames.get(observation.locationUuid)) || '',
      value: formatMeasurement(observation.value ?? 0, symbol, language),
      range: formatLimits({ low: rule.low, high: rule.high }, symbol, language),
      time: utcTime(observation.measuredAt),
    });
    for (const action of rule.actions) {
      for (const recipient of action.payload.recipients) {
        const language = languageFor(context, recipient, rule.createdBy);
        const params = paramsIn(language);
        const mail = renderMail('sensorAlert', language, params);
        messages.push({
          channel: action.action_type,
          recipient,
          subject: mail.subject,
          body: action.action_type === 'sms' ? renderMail('sensorAlertSms', language, params).text.trim() : mail.text,
          language,
          observationUuid: observation.uuid,
        });
      }
    }
  }
  return queueMessages(scope, messages);
}
