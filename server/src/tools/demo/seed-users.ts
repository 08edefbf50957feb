import type { Role } from '@tagtrack/contract';
import type { TenantScope } from '../../db/tenant.js';
import { managementGroups, userManagementGroups, users } from '../../db/schema/index.js';
import { hashPassword } from '../../lib/auth/passwords.js';

interface DemoPerson {
  username: string;
  role: Role;
  firstName: string;
  lastName: string;
  language: string;
  phone: string;
  groups: readonly string[];
}

/** The rest of the demo team, so user administration has a list to page, search and group. */
export const DEMO_TEAM: readonly DemoPerson[] = [
  {
    username: 'anna.berg',
    role: 'administrator',
    firstName: 'Anna',
    lastName: 'Berg',
    language: 'sv',
    phone: '+46701234567',
    groups: ['Inbound team'],
  },
  {
    username: 'lukas.meyer',
    role: 'operator',
    firstName: 'Lukas',
    lastName: 'Meyer',
    language: 'de',
    phone: '+491701234567',
    groups: ['Inbound team', 'Night shift'],
  },
  {
    username: 'chloe.martin',
    role: 'operator',
    firstName: 'Chloé',
    lastName: 'Martin',
    language: 'fr',
    phone: '+33612345678',
    groups: ['Night shift'],
  },
  {
    username: 'marco.rossi',
    role: 'operator',
    firstName: 'Marco',
    lastName: 'Rossi',
    language: 'it',
    phone: '+393471234567',
    groups: ['Inbound team'],
  },
  {
    username: 'eva.novak',
    role: 'viewer',
    firstName: 'Eva',
    lastName: 'Nováková',
    language: 'cs',
    phone: '',
    groups: ['Night shift'],
  },
  {
    username: 'jan.devries',
    role: 'viewer',
    firstName: 'Jan',
    lastName: 'de Vries',
    language: 'nl',
    phone: '+31612345678',
    groups: [],
  },
  {
    username: 'zeynep.kaya',
    role: 'viewer',
    firstName: 'Zeynep',
    lastName: 'Kaya',
    language: 'tr',
    phone: '',
    groups: [],
  },
  {
    username: 'scanner.dock1',
    role: 'application',
    firstName: 'Dock 1',
    lastName: 'Scanner',
    language: 'en',
    phone: '',
    groups: [],
  },
];

export const DEMO_GROUPS = ['Inbound team', 'Night shift'] as const;

/** Seeds the demo team and its two management groups; everyone shares the demo password. */
export async function seedDemoUsers(tenant: TenantScope, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  const people = await tenant
    .insertMany(
      users,
      DEMO_TEAM.map((p) => ({
        username: p.username,
        passwordHash,
        role: p.role,
        firstName: p.firstName,
        lastName: p.lastName,
        email: `${p.username}@demo.tagtrack.io`,
        phoneNumber: p.phone,
        language: p.language,
      })),
    )
    .returning({ id: users.id, username: users.username });
  const groups = await tenant
    .insertMany(
      managementGroups,
      DEMO_GROUPS.map((groupName) => ({ groupName })),
    )
    .returning({ id: managementGroups.id, groupName: managementGroups.groupName });
  const idOf = new Map(people.map((p) => [p.username, p.id]));
  const members = DEMO_TEAM.flatMap((p) =>
    p.groups.map((name) => ({
      groupId: groups.find((g) => g.groupName === name)!.id,
      userId: idOf.get(p.username)!,
    })),
  );
  await tenant.insertMany(userManagementGroups, members);
}
