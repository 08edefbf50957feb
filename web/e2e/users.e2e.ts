import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ROLES, type Role } from '@tagtrack/contract';
import { PASSWORD, apiAs, menuKeys, screenshot, signIn, useBrowser } from './support.js';

const open = useBrowser();
/** Where the side menu's Users entry leads. */
const TAB = '/user-tabs/user-management';
const NEW_PASSWORD = 'Users-e2e-pass-1!';
/** The demo user of each role: a new user of that role sees the same menu. */
const DEMO_USER: Record<Role, string> = {
  administrator: 'admin',
  operator: 'operator',
  viewer: 'viewer',
  application: 'application',
};
const pathOf = (page: Page) => new URL(page.url()).pathname;
const unique = (role: string) => `e2e.${role}${Date.now().toString(36)}`;

/** Searches the list and waits for the row of that exact username. */
async function userRow(page: Page, username: string) {
  await page.getByTestId('user-search').fill(username);
  const row = page.locator(`[data-testid="user-row"][data-username="${username}"]`);
  await row.waitFor();
  return row;
}

/** Fills the open Add User dialog and saves it. */
async function addUser(page: Page, user: { username: string; role: Role; email?: string; password?: string }) {
  await page.getByTestId('add-user').click();
  const dialog = page.getByTestId('user-form-dialog');
  await dialog.getByTestId('user-username-input').fill(user.username);
  if (user.email !== undefined) await dialog.getByTestId('user-email-input').fill(user.email);
  await dialog.getByTestId('user-first-name-input').fill('Erin');
  await dialog.getByTestId('user-last-name-input').fill('Tester');
  if (user.password !== undefined) await dialog.getByTestId('user-password-input').fill(user.password);
  await dialog.getByTestId(`user-role-${user.role}`).check();
  await dialog.getByTestId('user-save').click();
}

async function menuOf(username: string, password: string, onPremise = false): Promise<string[]> {
  const { context, page } = await open({ onPremise });
  await signIn(page, username, password);
  const keys = await menuKeys(page);
  await context.close();
  return keys;
}

describe('user management (spec 02 §2, §5, §6)', () => {
  it('adds a user of each role with a password, and each signs in to their role’s menu', async () => {
    const { context, page } = await open();
    await signIn(page, 'admin');
    await page.goto(TAB);
    await page.getByTestId('user-table').waitFor();
    const added: Partial<Record<Role, string>> = {};
    for (const role of ROLES) {
      const username = unique(role.slice(0, 3));
      await addUser(page, { username, role, email: `${username}@example.com`, password: NEW_PASSWORD });
      await page.getByText('User created', { exact: true }).first().waitFor();
      await page.getByTestId('user-form-dialog').waitFor({ state: 'detached' });
      added[role] = username;
    }
    const row = await userRow(page, added.operator!);
    expect(await row.getByTestId('user-role').textContent()).toBe('Operator');
    await screenshot(page, 'users-tab');
    await context.close();

    for (const role of ROLES) {
      expect(await menuOf(added[role]!, NEW_PASSWORD), role).toEqual(await menuOf(DEMO_USER[role], PASSWORD));
    }
  });

  it('edits a user’s role, deletes a user, and refuses a taken username', async () => {
    const [edited, deleted] = [unique('edit'), unique('gone')];
    for (const username of [edited, deleted]) {
      await apiAs('admin', 'POST', '/accounts/users/', {
        username,
        email: `${username}@example.com`,
        roles: ['viewer'],
        password: NEW_PASSWORD,
      });
    }
    const { context, page } = await open();
    await signIn(page, 'admin');
    await page.goto(TAB);

    await (await userRow(page, edited)).getByTestId('user-actions').click();
    await page.getByTestId('user-menu-edit').click();
    const dialog = page.getByTestId('user-form-dialog');
    expect(await dialog.getByTestId('user-username-input').isDisabled()).toBe(true);
    expect(await dialog.getByTestId('user-save').isDisabled()).toBe(true);
    await dialog.getByTestId('user-role-operator').check();
    await screenshot(page, 'users-edit-dialog');
    await dialog.getByTestId('user-save').click();
    await page.getByText('User updated', { exact: true }).first().waitFor();
    await expect
      .poll(async () => (await userRow(page, edited)).getByTestId('user-role').textContent())
      .toBe('Operator');

    await (await userRow(page, deleted)).getByTestId('user-actions').click();
    await page.getByTestId('user-menu-delete').click();
    await page.getByTestId('user-delete-dialog-confirm').click();
    await page.getByText('User deleted', { exact: true }).first().waitFor();
    await page.getByTestId('user-empty').getByText('No User Found').waitFor();

    await addUser(page, { username: 'operator', role: 'viewer', email: 'someone@example.com' });
    await dialog.getByText('User with this username already exists.').waitFor();
    await screenshot(page, 'users-username-taken');
    await context.close();
  });

  it('on-premise: adds a user with a password, returns to the Users tab, and the user signs in', async () => {
    const { context, page } = await open({ onPremise: true });
    const username = unique('onprem');
    await signIn(page, 'admin');
    await page.goto(TAB);
    await page.getByTestId('user-table').waitFor();
    expect(await page.getByRole('columnheader', { name: 'Email' }).count()).toBe(0);
    await addUser(page, { username, role: 'operator', password: NEW_PASSWORD });
    await page.getByText('User created', { exact: true }).first().waitFor();
    await expect.poll(() => pathOf(page)).toBe('/user-tabs/users');
    await userRow(page, username);
    await context.close();

    expect(await menuOf(username, NEW_PASSWORD, true)).toEqual(await menuOf('operator', PASSWORD, true));
  });
});
