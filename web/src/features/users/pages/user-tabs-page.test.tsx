import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { renderWithProviders } from '../../../test/render';
import { UserTabsPage } from './user-tabs-page';

// The tabs' own content is tested with each tab; here only the path decides.
vi.mock('../users/components/user-list-tab', () => ({ UserListTab: () => <p>users tab</p> }));
vi.mock('../groups/group-list-tab', () => ({ GroupListTab: () => <p>groups tab</p> }));

function Path() {
  return <p data-testid="path">{useLocation().pathname}</p>;
}

function renderAt(path: string) {
  return renderWithProviders(
    <>
      <Path />
      <Routes>
        <Route path="/user-tabs" element={<UserTabsPage />} />
        <Route path="/user-tabs/:tab" element={<UserTabsPage />} />
      </Routes>
    </>,
    { path },
  );
}

const selected = () => screen.getByRole('tab', { selected: true }).textContent;

describe('user tabs page', () => {
  it.each([
    ['/user-tabs/users', 'Users', 'users tab'],
    ['/user-tabs/user-management', 'Users', 'users tab'],
    ['/user-tabs/groups', 'Groups', 'groups tab'],
  ])('%s selects the %s tab', (path, tab, content) => {
    renderAt(path);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('User Management');
    expect(selected()).toBe(tab);
    expect(screen.getByText(content)).toBeTruthy();
    expect(screen.getByTestId('path').textContent).toBe(path);
  });

  it.each(['/user-tabs/nonsense', '/user-tabs'])('sends %s to the Users tab', async (path) => {
    renderAt(path);
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/user-tabs/users'));
    expect(selected()).toBe('Users');
  });

  it('navigates on a tab click', async () => {
    renderAt('/user-tabs/user-management');
    fireEvent.click(screen.getByRole('tab', { name: 'Groups' }));
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/user-tabs/groups'));
    expect(screen.getByText('groups tab')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Users' }));
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/user-tabs/users'));
  });
});
