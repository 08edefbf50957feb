import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, customerIdColumn, idColumn } from './columns.js';

export const users = pgTable(
  'users',
  {
    customerId: customerIdColumn(),
    id: idColumn(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    email: text('email').notNull().default(''),
    phoneNumber: text('phone_number').notNull().default(''),
    role: text('role').notNull(),
    language: text('language').notNull().default('en'),
    isActive: boolean('is_active').notNull().default(true),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Raised whenever sessions of the user are ended (a new password, a demotion, a refresh token
     * used twice): access tokens carry the version they were issued at, and one of an older version
     * is refused at once rather than when it expires.
     */
    sessionVersion: integer('session_version').notNull().default(0),
    createdAt: createdAtColumn(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.id] }),
    // Usernames sign in without naming a customer, so they are unique across customers.
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    // A password reset request names an e-mail without a customer.
    index('users_email_idx').on(sql`lower(${t.email})`),
    index('users_customer_username_idx').on(t.customerId, t.username),
  ],
);

export const managementGroups = pgTable(
  'management_groups',
  {
    customerId: customerIdColumn(),
    id: idColumn(),
    groupName: text('group_name').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.id] }),
    uniqueIndex('management_groups_customer_name_key').on(t.customerId, t.groupName),
  ],
);

export const userManagementGroups = pgTable(
  'user_management_groups',
  {
    customerId: bigint('customer_id', { mode: 'number' }).notNull(),
    groupId: bigint('group_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.groupId, t.userId] }),
    index('user_management_groups_user_idx').on(t.customerId, t.userId),
    foreignKey({
      columns: [t.customerId, t.groupId],
      foreignColumns: [managementGroups.customerId, managementGroups.id],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.customerId, t.userId], foreignColumns: [users.customerId, users.id] }).onDelete('cascade'),
  ],
);

/** One row per issued refresh token; a token is used once, and reuse revokes its whole family. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    customerId: bigint('customer_id', { mode: 'number' }).notNull(),
    id: uuid('id').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    familyId: uuid('family_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.id] }),
    index('refresh_tokens_family_idx').on(t.customerId, t.familyId),
    index('refresh_tokens_user_idx').on(t.customerId, t.userId),
    foreignKey({ columns: [t.customerId, t.userId], foreignColumns: [users.customerId, users.id] }).onDelete('cascade'),
  ],
);
