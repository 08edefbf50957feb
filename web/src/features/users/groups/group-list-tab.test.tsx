import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ManagementGroup, UserAdmin } from '@tagtrack/contract';
import { useClientStore } from '../../../lib/client-store';
import { errorResponse, jsonResponse } from '../../../test/json-response';
import { renderWithProviders } from '../../../test/render';
import { noContent, stubServer, type StubHandler } from '../../../test/stub-server';
import { GroupListTab } from './group-list-tab';

const group = (id: number, group_name: string, users: number[] = []): ManagementGroup => ({
  id,
  group_name,
  user_count: users.length,
  users,
});
const user = (id: number, username: string, overrides: Partial<UserAdmin> = {}): UserAdmin => ({
  id,
  username,
  first_name: username[0]!.toUpperCase() + username.slice(1),
  last_name: 'Example',
  email: `${username}@example.com`,
  phone_number: '',
  language: 'en',
  roles: ['operator'],
  management_groups: [],
  ...overrides,
});

const warehouse = group(1, 'Warehouse', [11]);
const office = group(2, 'Office');

/** A stubbed server: group list, user list, instance subscription; the group writes answer through `write`. */
function stubGroupServer({
  groups = () => jsonResponse({ count: 2, results: [warehouse, office] }),
  users = () => jsonResponse({ count: 0, results: [] }),
  write = () => jsonResponse(warehouse),
  onPremise = false,
}: {
  groups?: StubHandler;
  users?: StubHandler;
  write?: StubHandler;
  onPremise?: boolean;
} = {}) {
  return stubServer({
    instanceSubscription: { extension: [], on_premise: onPremise, limits: { leaf_locations: null } },
    groupList: groups,
    userList: users,
    groupCreate: write,
    groupUpdate: write,
    groupDelete: write,
    groupAddUsers: write,
    groupRemoveUsers: write,
  });
}

function renderTab() {
  return renderWithProviders(<GroupListTab />, { path: '/user-tabs/groups' });
}

async function openMenu(name: string, item: 'edit' | 'delete' | 'assign' | 'remove') {
  await userEvent.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
  await userEvent.click(screen.getByTestId(`group-menu-${item}`));
}

describe('groups tab', { timeout: 20_000 }, () => {
  beforeEach(() => useClientStore.setState({ access: 'a', refresh: 'r' }));
  afterEach(() => vi.unstubAllGlobals());

  it('lists groups with their user counts, 20 per page by name, and pages of 20, 25, 50 and 100', async () => {
    const server = stubGroupServer({ groups: () => jsonResponse({ count: 60, results: [warehouse, office] }) });
    renderTab();
    const rows = await screen.findAllByTestId('group-row');
    const cell = (row: HTMLElement, testId: string) => within(row).getByTestId(testId).textContent;
    expect(rows.map((r) => [cell(r, 'group-name'), cell(r, 'group-user-count')])).toEqual([
      ['Warehouse', '1'],
      ['Office', '0'],
    ]);
    expect(Object.fromEntries(server.callsTo('groupList')[0]!.query)).toEqual({
      page: '1',
      page_size: '20',
      ordering: 'group_name',
    });
    const header = screen.getByRole('table');
    expect(
      within(header)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Group Name', 'User Count', 'Actions']);

    await userEvent.click(screen.getByRole('combobox', { name: /Rows per page/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['20', '25', '50', '100']);
    await userEvent.click(options[2]!);
    await waitFor(() => expect(server.callsTo('groupList').at(-1)!.query.get('page_size')).toBe('50'));

    await userEvent.click(screen.getByTestId('group-sort-group_name'));
    await waitFor(() => expect(server.callsTo('groupList').at(-1)!.query.get('ordering')).toBe('-group_name'));
  });

  it('shows No Group Found when there are none, and for a search', async () => {
    const server = stubGroupServer({ groups: () => jsonResponse({ count: 0, results: [] }) });
    renderTab();
    expect(await screen.findByText('No Group Found')).toBeTruthy();
    fireEvent.change(screen.getByTestId('group-search'), { target: { value: 'zzz' } });
    expect(await screen.findByText('No group matches “zzz”.', {}, { timeout: 3000 })).toBeTruthy();
    // The empty text follows the debounced term at once; the request for it follows on the next render.
    await waitFor(() => expect(server.callsTo('groupList').at(-1)!.query.get('search')).toBe('zzz'));
  });

  it('adds a group: the name is required, Save waits for a change, a taken name lands on the field', async () => {
    const server = stubGroupServer({
      write: (call) =>
        (call.body as { group_name: string }).group_name === 'Office'
          ? errorResponse('ValidationError', { group_name: ['fieldMustBeUnique'] })
          : jsonResponse(group(3, 'Dock'), 201),
    });
    renderTab();
    await userEvent.click(await screen.findByTestId('add-group'));
    const dialog = await screen.findByTestId('group-form-dialog');
    const save = within(dialog).getByTestId('group-form-save') as HTMLButtonElement;
    const input = within(dialog).getByTestId('group-name-input');
    expect(within(dialog).getByText('Add Group')).toBeTruthy();
    expect(save.disabled).toBe(true);

    fireEvent.blur(input);
    expect(await within(dialog).findByText('Group name is required')).toBeTruthy();
    await userEvent.type(input, '   ');
    expect(save.disabled).toBe(false);
    await userEvent.click(save);
    expect(await within(dialog).findByText('Group name is required')).toBeTruthy();
    expect(server.calls.filter((c) => c.method !== 'GET')).toHaveLength(0);

    await userEvent.clear(input);
    await userEvent.type(input, 'Office');
    await userEvent.click(save);
    expect(await within(dialog).findByText('This field must be unique.')).toBeTruthy();
    expect(await screen.findByText(/^Failed to create group\./)).toBeTruthy();

    await userEvent.clear(input);
    await userEvent.type(input, ' Dock ');
    await userEvent.click(save);
    expect(await screen.findByText('Group created')).toBeTruthy();
    expect(server.callsTo('groupCreate').map((c) => c.body)).toEqual([
      { group_name: 'Office' },
      { group_name: 'Dock' },
    ]);
    await waitFor(() => expect(screen.queryByTestId('group-form-dialog')).toBeNull());
  });

  it('renames a group with PUT once the name changed', async () => {
    const server = stubGroupServer({ write: () => jsonResponse(group(2, 'Front office')) });
    renderTab();
    await openMenu('Office', 'edit');
    const dialog = await screen.findByTestId('group-form-dialog');
    const input = within(dialog).getByTestId('group-name-input') as HTMLInputElement;
    const save = within(dialog).getByTestId('group-form-save') as HTMLButtonElement;
    expect(input.value).toBe('Office');
    expect(save.disabled).toBe(true);
    await userEvent.type(input, 'x');
    await userEvent.type(input, '{Backspace}');
    expect(save.disabled).toBe(true);
    await userEvent.clear(input);
    await userEvent.type(input, 'Front office');
    await userEvent.click(save);
    expect(await screen.findByText('Group updated')).toBeTruthy();
    const puts = server.callsTo('groupUpdate');
    expect(puts.map((c) => [c.params.id, c.body])).toEqual([['2', { group_name: 'Front office' }]]);
  });

  it('deletes a group after asking, and says so when it fails', async () => {
    let fail = true;
    const server = stubGroupServer({
      write: () => (fail ? errorResponse('NotFound', 'notFound') : noContent()),
    });
    renderTab();
    await openMenu('Warehouse', 'delete');
    const confirm = await screen.findByTestId('group-delete');
    expect(confirm.textContent).toContain('Warehouse');
    await userEvent.click(within(confirm).getByTestId('group-delete-confirm'));
    expect(await screen.findByText(/^Failed to delete group\. Not found\./)).toBeTruthy();
    fail = false;
    await userEvent.click(within(confirm).getByTestId('group-delete-confirm'));
    expect(await screen.findByText('Group deleted')).toBeTruthy();
    expect(server.callsTo('groupDelete').map((c) => c.params.id)).toEqual(['1', '1']);
  });

  it('assign lists the users outside the group and posts the ticked ones to add_users', async () => {
    const page = [user(21, 'operator'), user(22, 'viewer', { roles: ['viewer'] }), user(23, 'app')];
    const server = stubGroupServer({
      users: () => jsonResponse({ count: 3, results: page }),
      write: () => jsonResponse(group(2, 'Office', [21, 22])),
    });
    renderTab();
    await openMenu('Office', 'assign');
    const dialog = await screen.findByTestId('group-users-dialog');
    expect(dialog.dataset.mode).toBe('assign');
    await within(dialog).findByText('operator');
    const userCalls = server.callsTo('userList');
    expect(Object.fromEntries(userCalls[0]!.query)).toEqual({
      role: 'administrator,operator,viewer,application',
      not_group: '2',
      page: '1',
      page_size: '10',
      ordering: 'username',
    });
    expect(
      within(dialog)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['', 'Username', 'Name', 'Email', 'Role']);
    expect(within(dialog).getByText('viewer@example.com')).toBeTruthy();

    const confirm = within(dialog).getByTestId('group-users-confirm') as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    expect(confirm.textContent).toBe('Assign (0)');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Select all users on this page' }));
    expect(confirm.textContent).toBe('Assign (3)');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Select app' }));
    expect(confirm.textContent).toBe('Assign (2)');
    expect(
      (within(dialog).getByRole('checkbox', { name: 'Select all users on this page' }) as HTMLInputElement)
        .indeterminate,
    ).toBe(true);
    await userEvent.click(confirm);
    expect(await screen.findByText('Users assigned to the group')).toBeTruthy();
    const posts = server.callsTo('groupAddUsers');
    expect(posts.map((c) => [c.params.id, c.body])).toEqual([['2', { users: [21, 22] }]]);
  });

  it('View/Remove lists the members and posts the ticked ones to remove_users', async () => {
    const server = stubGroupServer({
      users: () => jsonResponse({ count: 1, results: [user(11, 'operator')] }),
      write: () => errorResponse('ValidationError', ['invalidValue']),
    });
    renderTab();
    await openMenu('Warehouse', 'remove');
    const dialog = await screen.findByTestId('group-users-dialog');
    expect(dialog.dataset.mode).toBe('remove');
    await userEvent.click(await within(dialog).findByText('operator'));
    const userCall = server.callsTo('userList')[0]!;
    expect(userCall.query.get('group')).toBe('1');
    expect(userCall.query.has('not_group')).toBe(false);
    const confirm = within(dialog).getByTestId('group-users-confirm');
    expect(confirm.textContent).toBe('Remove (1)');
    await userEvent.click(confirm);
    expect(await screen.findByText(/^Failed to remove user from group\. Enter a valid value\./)).toBeTruthy();
    expect(server.callsTo('groupRemoveUsers').map((c) => [c.params.id, c.body])).toEqual([['1', { users: [11] }]]);
  });

  it('hides the e-mail column of the users dialog on-premise', async () => {
    stubGroupServer({ onPremise: true, users: () => jsonResponse({ count: 1, results: [user(21, 'operator')] }) });
    renderTab();
    await openMenu('Office', 'assign');
    const dialog = await screen.findByTestId('group-users-dialog');
    await within(dialog).findByText('operator');
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByRole('columnheader')
          .map((h) => h.textContent),
      ).toEqual(['', 'Username', 'Name', 'Role']),
    );
    expect(within(dialog).queryByText('operator@example.com')).toBeNull();
  });
});
