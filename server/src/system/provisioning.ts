import { z } from 'zod';
import {
  EXTENSIONS,
  ROLES,
  StrongPasswordSchema,
  USERNAME_MAX_LENGTH,
  USERNAME_PATTERN,
  validationMessage,
  type Role,
} from '@tagtrack/contract';
import type { Db } from '../db/client.js';
import { hashPassword } from '../lib/auth/passwords.js';
import { insertUser } from '../modules/identity/users.service.js';
import { findUserByUsername } from './directory.repository.js';
import { TenantScope } from '../db/tenant.js';
import { ensureSpecialRoots } from '../modules/locations/locations.service.js';
import { ensureCatalogueDefaults } from '../modules/encodings/encodings.service.js';
import { findCustomerByName, insertCustomer, updateCustomerExtensions } from './customers.repository.js';

export class InputError extends Error {}

const UsernameSchema = z
  .string()
  .min(1, 'requiredUsernameField')
  .max(USERNAME_MAX_LENGTH, 'usernameMaxLength')
  .regex(USERNAME_PATTERN, 'requiredUsernameFieldMatcher');

const NewCustomerSchema = z.object({
  name: z.string().trim().min(1, 'Customer name is required').max(150, 'nameMaxLength'),
  adminUsername: UsernameSchema,
  adminPassword: StrongPasswordSchema,
  extensions: z.array(z.enum(EXTENSIONS, { error: `Unknown extension; known: ${EXTENSIONS.join(', ')}` })).default([]),
  leafLocationLimit: z.number().int().positive().nullable().default(null),
  isDemo: z.boolean().default(false),
});

const NewUserSchema = z.object({
  customerName: z.string().min(1, 'Customer name is required'),
  username: UsernameSchema,
  role: z.enum(ROLES, { error: `Role must be one of ${ROLES.join(', ')}` }),
  password: StrongPasswordSchema,
  firstName: z.string().default(''),
  lastName: z.string().default(''),
  email: z.string().default(''),
});

function parse<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input);
  if (!result.success) {
    throw new InputError(
      result.error.issues.map((i) => `${i.path.join('.') || 'input'}: ${validationMessage(i.message)}`).join('\n'),
    );
  }
  return result.data;
}

async function assertUsernameFree(db: Db, username: string) {
  if (await findUserByUsername(db, username)) throw new InputError(`username: the username ${username} is taken`);
}

/** Creates a customer with its first administrator (CLI customer:create, first start, demo seed). */
export async function createCustomer(db: Db, input: z.input<typeof NewCustomerSchema>) {
  const data = parse(NewCustomerSchema, input);
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    if (await findCustomerByName(t, data.name, true))
      throw new InputError(`name: a customer named ${data.name} exists already`);
    await assertUsernameFree(t, data.adminUsername);
    const customer = await insertCustomer(t, {
      name: data.name,
      extensions: data.extensions,
      leafLocationLimit: data.leafLocationLimit,
      isDemo: data.isDemo,
    });
    const passwordHash = await hashPassword(data.adminPassword);
    // The new customer's own rows are written as the customer, under its policies.
    const admin = await TenantScope.within(t, customer.id, async (tenant) => {
      await ensureSpecialRoots(tenant);
      await ensureCatalogueDefaults(tenant);
      return insertUser(tenant, { username: data.adminUsername, passwordHash, role: 'administrator' });
    });
    return { customer, admin };
  });
}

const ExtensionsSchema = z.object({
  name: z.string().min(1, 'Customer name is required'),
  extensions: z.array(z.enum(EXTENSIONS, { error: `Unknown extension; known: ${EXTENSIONS.join(', ')}` })),
});

/**
 * Gives a customer named by name exactly these extensions (CLI customer:update): what its console
 * shows and which API areas answer it (the sensor extension: Sensor Data and the Event Center).
 */
export async function setCustomerExtensions(db: Db, input: z.input<typeof ExtensionsSchema>) {
  const data = parse(ExtensionsSchema, input);
  const customer = await findCustomerByName(db, data.name);
  if (!customer) throw new InputError(`customer: no customer named ${data.name}`);
  return (await updateCustomerExtensions(db, customer.id, [...new Set(data.extensions)]))!;
}

/** Creates a user in a customer named by name (CLI user:create, demo seed). */
export async function createUser(db: Db, input: z.input<typeof NewUserSchema>) {
  const data = parse(NewUserSchema, input);
  const customer = await findCustomerByName(db, data.customerName);
  if (!customer) throw new InputError(`customer: no customer named ${data.customerName}`);
  await assertUsernameFree(db, data.username);
  const passwordHash = await hashPassword(data.password);
  return TenantScope.within(db, customer.id, (tenant) =>
    insertUser(tenant, {
      username: data.username,
      passwordHash,
      role: data.role satisfies Role,
      firstName: data.firstName,
      lastName: data.lastName,
      email: data.email,
    }),
  );
}
