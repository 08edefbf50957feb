import { bigint, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { customers } from './customers.js';

/** Error reports users send from the console's report dialog, kept for support. */
export const errorReports = pgTable(
  'error_reports',
  {
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }),
    errorRequest: text('error_request'),
    errorResponse: text('error_response'),
    errorCode: text('error_code'),
    datetime: text('datetime'),
    userAgent: text('user_agent'),
    errorUuid: text('error_uuid'),
    uiErrorMessage: text('ui_error_message'),
    comment: text('comment').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.id] }),
    index('error_reports_created_idx').on(t.customerId, t.createdAt),
  ],
);
