import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Button from '@mui/material/Button';
import { DisabledReason } from './disabled-reason';

describe('DisabledReason', () => {
  it('shows the control as it is when nothing stands in the way', () => {
    render(
      <DisabledReason reason={null}>
        <Button>Delete</Button>
      </DisabledReason>,
    );
    expect(screen.queryByTestId('disabled-reason')).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
  });

  it('tells why on hover and to keyboard users, around a disabled control', async () => {
    render(
      <DisabledReason reason="A configuration assigned to readers cannot be deleted.">
        <Button disabled>Delete</Button>
      </DisabledReason>,
    );
    const wrapper = screen.getByTestId('disabled-reason');
    expect(wrapper.getAttribute('tabindex')).toBe('0');
    expect(wrapper.getAttribute('aria-label')).toBe('A configuration assigned to readers cannot be deleted.');
    await userEvent.hover(wrapper);
    expect((await screen.findByRole('tooltip')).textContent).toBe(
      'A configuration assigned to readers cannot be deleted.',
    );
  });
});
