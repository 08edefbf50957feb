import { pageWindow, type ListQuery, type Paged, type RuleRecipient } from '@tagtrack/contract';
import type { ServiceContext } from '../../lib/context.js';
import { findUserPage } from './user-admin.repository.js';

/**
 * The users a notification may go to, with their e-mail address and phone number, for the roles
 * that write what notifies (an event's actions, GET /sensor-data/observation/recipient/; a scheduled
 * report's recipients, GET /report/scheduled/recipient/): GET /accounts/users/ is the
 * administrator's. The user named admin is listed only to that admin, as in user lists (03 §6).
 */
export async function listRecipients(ctx: ServiceContext, query: ListQuery): Promise<Paged<RuleRecipient>> {
  const { count, rows } = await findUserPage(ctx.tenant, {
    roles: ['administrator', 'operator', 'application', 'viewer'],
    search: query.search || undefined,
    hideAdmin: ctx.actor.username !== 'admin',
    field: 'username',
    descending: false,
    ...pageWindow(query),
  });
  return {
    count,
    results: rows.map((u) => ({ id: u.id, username: u.username, email: u.email, phone_number: u.phoneNumber })),
  };
}
