import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import type { UserAdmin } from '@tagtrack/contract';
import { useClientStore } from '../../../../lib/client-store';
import { buildCurrentUser } from '../../../../test/current-user';
import { errorResponse, jsonResponse } from '../../../../test/json-response';
import { renderWithProviders } from '../../../../test/render';
import { stubUserServer, userRow } from '../test/user-fixtures';
import { UserFormDialog } from './user-form-dialog';

const me = buildCurrentUser(['administrator']);
const self = userRow(me.id, me.username, 'administrator');

function Path() {
  return <p data-testid="path">{useLocation().pathname}</p>;
}

function renderDialog({ onPremise = false, target }: { onPremise?: boolean; target?: UserAdmin } = {}) {
  const onClose = vi.fn();
  renderWithProviders(
    <Routes>
      <Route
        path="/user-tabs/:tab"
        element={
          <>
            <Path />
            <UserFormDialog target={target} me={me} onPremise={onPremise} onClose={onClose} />
          </>
        }
      />
      <Route path="/user-tabs" element={<Path />} />
    </Routes>,
    { path: '/user-tabs/user-management' },
  );
  return { onClose, dialog: screen.getByTestId('user-form-dialog') };
}

const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
async function typeAndLeave(testId: string, text: string) {
  await userEvent.type(input(testId), text);
  fireEvent.blur(input(testId));
}
const radio = (role: string) => input(`user-role-${role}`);
const save = () => screen.getByTestId('user-save') as HTMLButtonElement;

describe('user form dialog', { timeout: 20_000 }, () => {
  beforeEach(() => useClientStore.setState({ access: 'a', refresh: 'r' }));
  afterEach(() => vi.unstubAllGlobals());

  it('adds in the cloud: the spec messages, Save once valid, and the POST body', async () => {
    const server = stubUserServer({}, { userCreate: () => jsonResponse(userRow(9, 'new.user', 'operator'), 201) });
    const { onClose } = renderDialog();
    expect(save().disabled).toBe(true);
    await typeAndLeave('user-username-input', 'New User');
    await screen.findByText(
      'Username must start with a lowercase letter followed by lowercase letters, digits, _, @ or .',
    );
    fireEvent.focus(input('user-email-input'));
    fireEvent.blur(input('user-email-input'));
    await screen.findByText('Email is required');
    fireEvent.focus(radio('viewer'));
    fireEvent.blur(radio('viewer'));
    await screen.findByText('Role is required.');
    await typeAndLeave('user-password-input', 'weak');
    await screen.findByText(/^Password must have at least 10 characters, with/);

    await userEvent.clear(input('user-username-input'));
    await typeAndLeave('user-username-input', 'new.user');
    await typeAndLeave('user-email-input', 'new@example.com');
    await userEvent.clear(input('user-password-input'));
    fireEvent.click(radio('operator'));
    await waitFor(() => expect(save().disabled).toBe(false));
    fireEvent.click(save());
    await screen.findByText('User created');
    const [created] = server.callsTo('userCreate');
    expect(created).toMatchObject({
      method: 'POST',
      body: { username: 'new.user', email: 'new@example.com', roles: ['operator'], language: 'en' },
    });
    expect(created!.body).not.toHaveProperty('password');
    expect(onClose).toHaveBeenCalled();
    // Only the on-premise variant goes to the Users tab.
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/user-tabs/user-management'));
  });

  it('shows a taken username as the spec says, on the field and in the snackbar', async () => {
    stubUserServer({}, { userCreate: () => errorResponse('ValidationError', { username: ['fieldMustBeUnique'] }) });
    const { onClose } = renderDialog();
    await typeAndLeave('user-username-input', 'bob');
    await typeAndLeave('user-email-input', 'bob@example.com');
    fireEvent.click(radio('viewer'));
    await waitFor(() => expect(save().disabled).toBe(false));
    fireEvent.click(save());
    await waitFor(() =>
      expect(screen.getAllByText(/User with this username already exists\./).length).toBeGreaterThan(0),
    );
    expect(screen.getByText(/Failed to add a new user\./)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('adds on-premise with a required strong password and goes to the Users tab', async () => {
    const server = stubUserServer(
      { onPremise: true },
      { userCreate: () => jsonResponse(userRow(9, 'op1', 'operator'), 201) },
    );
    renderDialog({ onPremise: true });
    expect(screen.queryByTestId('user-email-input')).toBeNull();
    expect(screen.queryByTestId('user-language-select')).toBeNull();
    fireEvent.focus(input('user-password-input'));
    fireEvent.blur(input('user-password-input'));
    await screen.findByText('New password is required');
    await typeAndLeave('user-password-input', 'alllowercase1!');
    await screen.findByText(/^Password must have at least 10 characters, with/);
    await userEvent.clear(input('user-password-input'));
    await typeAndLeave('user-password-input', 'Strong-pass-1');
    await typeAndLeave('user-username-input', 'op1');
    fireEvent.click(radio('operator'));
    await waitFor(() => expect(save().disabled).toBe(false));
    fireEvent.click(save());
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/user-tabs'));
    expect(server.callsTo('userCreate')[0]!.body).toEqual({
      username: 'op1',
      first_name: '',
      last_name: '',
      roles: ['operator'],
      password: 'Strong-pass-1',
    });
  });

  it('edits in the cloud: username and language locked, no password, Save only once changed', async () => {
    const bob = userRow(8, 'bob', 'viewer');
    const server = stubUserServer({}, { userUpdate: { ...bob, roles: ['operator'] } });
    renderDialog({ target: bob });
    expect(input('user-username-input').disabled).toBe(true);
    expect(screen.getByTestId('user-language-select').getAttribute('aria-disabled')).toBe('true');
    expect(screen.queryByTestId('user-password-input')).toBeNull();
    expect(save().disabled).toBe(true);
    fireEvent.click(radio('operator'));
    await waitFor(() => expect(save().disabled).toBe(false));
    fireEvent.click(save());
    await screen.findByText('User updated');
    const [updated] = server.callsTo('userUpdate');
    expect(updated).toMatchObject({ method: 'PUT', body: { roles: ['operator'], email: 'bob@example.com' } });
    expect(updated!.path).toBe('/accounts/users/8/');
  });

  it('cloud, own account: viewer and operator cannot be chosen', () => {
    stubUserServer({});
    renderDialog({ target: self });
    expect(radio('viewer').disabled).toBe(true);
    expect(radio('operator').disabled).toBe(true);
    expect(radio('administrator').disabled).toBe(false);
    expect(radio('application').disabled).toBe(false);
    expect(screen.getByText('You cannot make yourself a viewer or an operator.')).toBeTruthy();
  });

  it('on-premise, own account: roles locked, own password optional but strong', async () => {
    stubUserServer({ onPremise: true });
    renderDialog({ onPremise: true, target: self });
    for (const role of ['administrator', 'operator', 'viewer', 'application']) expect(radio(role).disabled).toBe(true);
    expect(input('user-password-input').disabled).toBe(false);
    await typeAndLeave('user-password-input', 'short');
    await screen.findByText(/^Password must have at least 10 characters, with/);
    expect(save().disabled).toBe(true);
  });

  it('on-premise, another administrator: roles and password locked; another role: roles free', () => {
    stubUserServer({ onPremise: true });
    renderDialog({ onPremise: true, target: userRow(8, 'boss', 'administrator') });
    const dialog = screen.getByTestId('user-form-dialog');
    for (const role of ['administrator', 'operator', 'viewer', 'application']) expect(radio(role).disabled).toBe(true);
    expect(input('user-password-input').disabled).toBe(true);
    expect(within(dialog).getByText('The role of an administrator cannot be changed here.')).toBeTruthy();
  });

  it('on-premise, an operator: every role can be chosen, the password is locked', () => {
    stubUserServer({ onPremise: true });
    renderDialog({ onPremise: true, target: userRow(8, 'op', 'operator') });
    for (const role of ['administrator', 'operator', 'viewer', 'application']) expect(radio(role).disabled).toBe(false);
    expect(input('user-password-input').disabled).toBe(true);
  });
});
