import { describe, expect, it } from 'vitest';
import { screen, waitForElementToBeRemoved } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Button from '@mui/material/Button';
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
