import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import DialogContent from '@mui/material/DialogContent';
import TextField from '@mui/material/TextField';
import { renderWithProviders } from '../test/render';
import { FormDialog } from './form-dialog';

function NameDialog({ onClose }: { onClose: () => void }) {
  const [name, setName] = useState('');
  return (
    <FormDialog dirty={name !== ''} onClose={onClose} aria-label="Add location">
      <DialogContent>
        <TextField label="Name" value={name} onChange={(event) => setName(event.target.value)} />
      </DialogContent>
    </FormDialog>
  );
}

/** A click beside the dialog: on MUI's container around it, which is what the backdrop click hits. */
function clickBeside() {
  const container = document.querySelector('.MuiDialog-container') as HTMLElement;
  fireEvent.mouseDown(container);
  fireEvent.click(container);
}

const question = () => screen.queryByTestId('unsaved-changes-dialog');

describe('FormDialog', { timeout: 20_000 }, () => {
  it('closes at once beside it while nothing was typed', async () => {
    const onClose = vi.fn();
    renderWithProviders(<NameDialog onClose={onClose} />);
    await screen.findByLabelText('Name');
    clickBeside();
    expect(onClose).toHaveBeenCalledOnce();
    expect(question()).toBeNull();
  });

  it('asks the unsaved-changes question before a click beside it or Escape drops typed input', async () => {
    const onClose = vi.fn();
    renderWithProviders(<NameDialog onClose={onClose} />);
    await userEvent.type(await screen.findByLabelText('Name'), 'Cold room');

    clickBeside();
    expect(await screen.findByTestId('unsaved-changes-dialog')).toBeTruthy();
    expect(screen.getByText('Are you sure you want to leave without saving?')).toBeTruthy();
    await userEvent.click(screen.getByTestId('unsaved-changes-dialog-cancel'));
    await waitFor(() => expect(question()).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Cold room');

    fireEvent.keyDown(screen.getByLabelText('Name'), { key: 'Escape' });
    await userEvent.click(await screen.findByTestId('unsaved-changes-dialog-confirm'));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
