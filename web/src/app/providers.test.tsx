import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import TablePagination from '@mui/material/TablePagination';
import { changeLanguage } from '../lib/i18n';
import { AppProviders } from './providers';

function Screen() {
  return (
    <>
      <Alert onClose={() => undefined}>Saved</Alert>
      <TablePagination component="div" count={40} page={0} rowsPerPage={10} onPageChange={() => undefined} />
    </>
  );
}

describe('AppProviders', () => {
  afterEach(() => changeLanguage('en'));

  it('gives MUI’s own texts the interface language, and switches them with it', async () => {
    render(
      <AppProviders client={new QueryClient()}>
        <Screen />
      </AppProviders>,
    );
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
    expect(screen.getByText('Rows per page:')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go to next page' })).toBeTruthy();

    await act(async () => {
      await changeLanguage('pl');
    });
    expect(screen.getByRole('button', { name: 'Zamknij' })).toBeTruthy();
    expect(screen.getByText('Wierszy na stronę:')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Przejdź do następnej strony' })).toBeTruthy();

    await act(async () => {
      await changeLanguage('no');
    });
    expect(screen.getByRole('button', { name: 'Lukk' })).toBeTruthy();
  });
});
