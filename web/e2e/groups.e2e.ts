import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, signIn, useBrowser } from './support.js';

const open = useBrowser();
const TAB = '/user-tabs/groups';

async function snackbar(page: Page, text: string) {
  await page.getByText(text, { exact: true }).first().waitFor();
}

/** Searches the groups and waits for the row of that exact name. */
async function groupRow(page: Page, name: string) {
  await page.getByTestId('group-search').fill(name);
  const row = page.locator(`[data-testid="group-row"][data-name="${name}"]`);
  await row.waitFor();
  return row;
}

async function rowMenu(page: Page, name: string, entry: 'edit' | 'delete' | 'assign' | 'remove') {
  await page.getByRole('button', { name: `Actions for ${name}`, exact: true }).click();
  await page.getByTestId(`group-menu-${entry}`).click();
}

/** In the open users dialog: searches for a username and ticks its row. */
async function tick(page: Page, username: string) {
  const dialog = page.getByTestId('group-users-dialog');
  await dialog.getByTestId('group-users-search').fill(username);
  await dialog.getByRole('checkbox', { name: `Select ${username}`, exact: true }).check();
}

async function userCount(page: Page, name: string) {
  return (await groupRow(page, name)).getByTestId('group-user-count').textContent();
}

describe('groups', () => {
  it('an administrator adds a group, renames it, assigns and removes users, and deletes it', async () => {
    const { context, page } = await open();
    const name = `E2E Crew ${Date.now()}`;
    const renamed = `${name} renamed`;
    await signIn(page, 'admin');
    await page.goto(TAB);
    await page.getByTestId('group-table').waitFor();

    // Add: Save waits for a name; the name is required.
    await page.getByTestId('add-group').click();
    const form = page.getByTestId('group-form-dialog');
    expect(await form.getByTestId('group-form-save').isDisabled()).toBe(true);
    await form.getByTestId('group-name-input').focus();
    await form.getByTestId('group-name-input').blur();
    await form.getByText('Group name is required').waitFor();
    await form.getByTestId('group-name-input').fill(name);
    await screenshot(page, 'groups-add-dialog');
    await form.getByTestId('group-form-save').click();
    await snackbar(page, 'Group created');
    await form.waitFor({ state: 'detached' });
    expect(await userCount(page, name)).toBe('0');

    // Rename.
    await rowMenu(page, name, 'edit');
    await form.getByTestId('group-name-input').fill(renamed);
    await form.getByTestId('group-form-save').click();
    await snackbar(page, 'Group updated');
    await form.waitFor({ state: 'detached' });

    // Assign operator and viewer.
    await groupRow(page, renamed);
    await rowMenu(page, renamed, 'assign');
    const users = page.getByTestId('group-users-dialog');
    await users.getByTestId('group-user-row').first().waitFor();
    await tick(page, 'operator');
    await tick(page, 'viewer');
    await screenshot(page, 'groups-assign-dialog');
    await users.getByRole('button', { name: 'Assign (2)' }).click();
    await snackbar(page, 'Users assigned to the group');
    await users.waitFor({ state: 'detached' });
    await expect.poll(() => userCount(page, renamed)).toBe('2');

    // The members: remove the viewer.
    await rowMenu(page, renamed, 'remove');
    await users.getByTestId('group-user-row').first().waitFor();
    expect(
      (await users.getByTestId('group-user-row').evaluateAll((rows) => rows.map((r) => r.dataset.username))).sort(),
    ).toEqual(['operator', 'viewer']);
    await tick(page, 'viewer');
    await users.getByRole('button', { name: 'Remove (1)' }).click();
    await snackbar(page, 'Users removed from the group');
    await users.waitFor({ state: 'detached' });
    await expect.poll(() => userCount(page, renamed)).toBe('1');
    await screenshot(page, 'groups-list');

    // Delete.
    await rowMenu(page, renamed, 'delete');
    await page.getByTestId('group-delete-confirm').click();
    await snackbar(page, 'Group deleted');
    await page.getByTestId('group-empty').waitFor();
    await context.close();
  });
});
