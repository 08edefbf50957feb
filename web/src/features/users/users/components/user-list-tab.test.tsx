import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserAdmin } from '@tagtrack/contract';
import { useClientStore } from '../../../../lib/client-store';
import { errorResponse } from '../../../../test/json-response';
import { renderWithProviders } from '../../../../test/render';
import { noContent } from '../../../../test/stub-server';
import { stubUserServer, userRow } from '../test/user-fixtures';
import { UserListTab } from './user-list-tab';

const alice = userRow(7, 'alice', 'administrator', { management_groups: ['North', 'South', 'East'] });
const bob = userRow(8, 'bob', 'viewer', { phone_number: '+4799' });
const page = (...results: UserAdmin[]) => ({ count: results.length, results });

const rowOf = async (username: string) =>
  (await screen.findAllByTestId('user-row')).find((row) => row.dataset.username === username)!;

async function openMenu(username: string) {
  fireEvent.click(within(await rowOf(username)).getByTestId('user-actions'));
  return screen.findByRole('menu');
}

describe('user list tab', { timeout: 20_000 }, () => {
  beforeEach(() => useClientStore.setState({ access: 'a', refresh: 'r' }));
  afterEach(() => vi.unstubAllGlobals());

  it('lists users by username with the four roles filter, role chips and groups; cloud shows e-mail and phone', async () => {
    const server = stubUserServer({}, { userList: page(alice, bob) });
    renderWithProviders(<UserListTab />);
    const row = await rowOf('bob');
    const query = server.callsTo('userList')[0]!.query;
    expect(query.get('role')).toBe('administrator,operator,viewer,application');
    expect(query.get('ordering')).toBe('username');
    expect(query.get('page')).toBe('1');
    expect(query.get('page_size')).toBe('10');
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Username', 'First Name', 'Last Name', 'Email', 'Phone', 'Role', 'Groups', 'Actions']);
    expect(row.textContent).toContain('bob@example.com');
    expect(row.textContent).toContain('+4799');
    expect(within(row).getByTestId('user-role').textContent).toBe('Viewer');
    expect(within(row).getByText('No groups')).toBeTruthy();
    const own = await rowOf('alice');
    expect(within(own).getByText('You')).toBeTruthy();
    expect(within(own).getByTestId('user-groups').textContent).toBe('North+2');
  });

  it('sorts by a column header and searches', async () => {
    const server = stubUserServer({}, { userList: page(alice, bob) });
    renderWithProviders(<UserListTab />);
    await rowOf('bob');
    fireEvent.click(screen.getByTestId('user-sort-last_name'));
    await waitFor(() => expect(server.callsTo('userList').at(-1)!.query.get('ordering')).toBe('last_name'));
    await userEvent.type(screen.getByTestId('user-search'), 'bo');
    await waitFor(() => expect(server.callsTo('userList').at(-1)!.query.get('search')).toBe('bo'), { timeout: 3000 });
  });

  it('hides e-mail and phone on-premise, and Reset Password with them', async () => {
    stubUserServer({ onPremise: true }, { userList: page(alice, bob) });
    renderWithProviders(<UserListTab />);
    await rowOf('bob');
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: 'Email' })).toBeNull());
    expect(screen.queryByRole('columnheader', { name: 'Phone' })).toBeNull();
    const menu = await openMenu('bob');
    expect(within(menu).queryByText('Reset Password')).toBeNull();
    expect(within(menu).getByText('Edit')).toBeTruthy();
  });

  it('disables Delete and Reset Password for your own account, not for others', async () => {
    stubUserServer({}, { userList: page(alice, bob) });
    renderWithProviders(<UserListTab />);
    let menu = await openMenu('alice');
    expect(within(menu).getByTestId('user-menu-delete').getAttribute('aria-disabled')).toBe('true');
    expect(within(menu).getByTestId('user-menu-reset-password').getAttribute('aria-disabled')).toBe('true');
    expect(within(menu).getByTestId('user-menu-edit').getAttribute('aria-disabled')).toBeNull();
    expect(within(menu).getByTestId('user-menu-edit').classList.contains('nonAdminRight')).toBe(true);
    fireEvent.keyDown(menu, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    menu = await openMenu('bob');
    expect(within(menu).getByTestId('user-menu-delete').getAttribute('aria-disabled')).toBeNull();
    expect(within(menu).getByTestId('user-menu-reset-password').getAttribute('aria-disabled')).toBeNull();
  });

  it('says No Data Found for an empty list and No User Found for a search without matches', async () => {
    stubUserServer({}, { userList: page() });
    renderWithProviders(<UserListTab />);
    expect((await screen.findByTestId('user-empty')).textContent).toContain('No Data Found');
    await userEvent.type(screen.getByTestId('user-search'), 'zed');
    await waitFor(() => expect(screen.getByTestId('user-empty').textContent).toContain('No User Found'), {
      timeout: 3000,
    });
  });

  it('deletes a user after the question and says so', async () => {
    const server = stubUserServer({}, { userList: page(alice, bob), userDelete: noContent });
    renderWithProviders(<UserListTab />);
    fireEvent.click(within(await openMenu('bob')).getByText('Delete'));
    const dialog = await screen.findByTestId('user-delete-dialog');
    expect(dialog.textContent).toContain('Are you sure you want to delete the user bob?');
    fireEvent.click(within(dialog).getByTestId('user-delete-dialog-confirm'));
    await screen.findByText('User deleted');
    expect(server.callsTo('userDelete').map((c) => c.params.id)).toContain('8');
  });

  it('shows the spec message when a delete fails', async () => {
    stubUserServer(
      {},
      { userList: page(alice, bob), userDelete: () => errorResponse('ValidationError', ['lastAdministrator']) },
    );
    renderWithProviders(<UserListTab />);
    fireEvent.click(within(await openMenu('bob')).getByText('Delete'));
    fireEvent.click(await screen.findByTestId('user-delete-dialog-confirm'));
    await screen.findByText(/Failed to delete a user\..*The last administrator/);
    await waitFor(() => expect(screen.queryByTestId('user-delete-dialog')).toBeNull());
  });

  it('sends a reset link (cloud) after the question and names the address', async () => {
    const server = stubUserServer({}, { userList: page(alice, bob), userResetPassword: { detail: 'sent' } });
    renderWithProviders(<UserListTab />);
    fireEvent.click(within(await openMenu('bob')).getByText('Reset Password'));
    const dialog = await screen.findByTestId('user-reset-dialog');
    expect(dialog.textContent).toContain('bob@example.com');
    fireEvent.click(within(dialog).getByTestId('user-reset-dialog-confirm'));
    await screen.findByText('A link to reset the password has been sent to bob@example.com.');
    expect(server.callsTo('userResetPassword').map((c) => c.params.id)).toContain('8');
  });

  it('opens the edit dialog from the menu with the user filled in', async () => {
    stubUserServer({}, { userList: page(alice, bob) });
    renderWithProviders(<UserListTab />);
    fireEvent.click(within(await openMenu('bob')).getByText('Edit'));
    const dialog = await screen.findByTestId('user-form-dialog');
    expect(within(dialog).getByText('Edit User')).toBeTruthy();
    expect((within(dialog).getByTestId('user-username-input') as HTMLInputElement).value).toBe('bob');
  });
});
