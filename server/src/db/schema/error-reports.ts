import { bigint, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAtColumn, customerIdColumn, idColumn } from './columns.js';

/** Error reports users send from the console's report dialog, kept for support. */
export const errorReports = pgTable(
  'error_reports',
  {
    customerId: customerIdColumn(),
    id: idColumn(),
    userId: bigint('user_id', { mode: 'number' }),
    errorRequest: text('error_request'),
    errorResponse: text('error_response'),
    errorCode: text('error_code'),
    datetime: text('datetime'),
    userAgent: text('user_agent'),
    errorUuid: text('error_uuid'),
    uiErrorMessage: text('ui_error_message'),
    comment: text('comment').notNull().default(''),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.id] }),
    index('error_reports_created_idx').on(t.customerId, t.createdAt),
  ],
);
