import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { useClientStore } from '../lib/client-store';
import { renderWithProviders } from '../test/render';
import { useUnsavedChangesGuard } from './use-unsaved-changes-guard';

function Form() {
  const [value, setValue] = useState('');
  const navigate = useNavigate();
  const guard = useUnsavedChangesGuard(value !== '');
  return (
    <>
      <input aria-label="Name" value={value} onChange={(event) => setValue(event.target.value)} />
      <button
        type="button"
        onClick={() => {
          guard.disarm();
          void navigate('/list');
        }}
      >
        Save
      </button>
      <Link to="/list">Menu</Link>
    </>
  );
}

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderForm() {
  useClientStore.setState({ access: 'a', refresh: 'r' });
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/form" element={<Form />} />
        <Route path="/list" element={<p>List</p>} />
      </Routes>
      <Where />
    </>,
    { path: '/form' },
  );
}

describe('the unsaved-changes guard', () => {
  it('lets a form without changes go', async () => {
    renderForm();
    await userEvent.click(screen.getByRole('link', { name: 'Menu' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/list'));
  });

  it('asks before a link leaves a changed form: Stay keeps the values, Leave goes', async () => {
    renderForm();
    await userEvent.type(screen.getByLabelText('Name'), 'draft');
    await userEvent.click(screen.getByRole('link', { name: 'Menu' }));
    expect(await screen.findByText('Are you sure you want to leave without saving?')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByText('Are you sure you want to leave without saving?')).toBeNull());
    expect(screen.getByTestId('where').textContent).toBe('/form');
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('draft');

    await userEvent.click(screen.getByRole('link', { name: 'Menu' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/list'));
  });

  it('does not ask after a save', async () => {
    renderForm();
    await userEvent.type(screen.getByLabelText('Name'), 'draft');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/list'));
    expect(screen.queryByText('Are you sure you want to leave without saving?')).toBeNull();
  });

  it('lets the sign-out redirect through', async () => {
    renderForm();
    await userEvent.type(screen.getByLabelText('Name'), 'draft');
    useClientStore.setState({ access: null, refresh: null });
    await userEvent.click(screen.getByRole('link', { name: 'Menu' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/list'));
  });
});
