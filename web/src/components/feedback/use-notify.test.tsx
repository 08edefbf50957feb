import { describe, expect, it } from 'vitest';
import { screen, waitForElementToBeRemoved } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { SNACKBAR_DURATION_MS } from '@tagtrack/contract';
import { renderWithProviders } from '../../test/render';
import { useNotify } from './use-notify';

function Saving() {
  const notify = useNotify();
  return <Button onClick={() => notify.success('Saved')}>save</Button>;
}

describe('success snackbars', () => {
  it('shows a message once while it shows, and again as soon as it is on its way out', async () => {
    renderWithProviders(<Saving />);
    const save = screen.getByRole('button', { name: 'save' });
    await userEvent.click(save);
    await userEvent.click(save);
    const first = await screen.findByText('Saved');
    expect(screen.getAllByText('Saved')).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await userEvent.click(save);
    expect(screen.getAllByText('Saved')).toHaveLength(2);
    await waitForElementToBeRemoved(first);
    expect(screen.getByText('Saved')).toBeTruthy();
  });
});

function Failing() {
  const notify = useNotify();
  return <Button onClick={() => notify.error('Failed to delete report')}>fail</Button>;
}

describe('error snackbars (03 §9)', () => {
  it('go after 3 s, unless the spec names 10 s for them', { timeout: 20_000 }, async () => {
    renderWithProviders(
      <Stack>
        <Failing />
        <Long />
      </Stack>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'fail' }));
    await userEvent.click(screen.getByRole('button', { name: 'fail long' }));
    const short = await screen.findByText(/^Failed to delete report/);
    const long = screen.getByText(/^Failed to load products/);
    const shown = Date.now();
    await waitForElementToBeRemoved(short, { timeout: 6_000 });
    expect(Date.now() - shown).toBeGreaterThan(2_500);
    expect(long.isConnected).toBe(true);
  });
});

function Long() {
  const notify = useNotify();
  return (
    <Button onClick={() => notify.error('Failed to load products', undefined, { duration: SNACKBAR_DURATION_MS })}>
      fail long
    </Button>
  );
}
