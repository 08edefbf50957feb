import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from '../../../../lib/i18n';
import { SchedulePeriodFields } from './schedule-period-fields';
import type { SchedulePeriod } from './schedule-issues';

const now = new Date(2026, 2, 10, 9, 30);

function Harness({ initial, creating }: { initial: SchedulePeriod; creating: boolean }) {
  const [value, setValue] = useState(initial);
  return <SchedulePeriodFields value={value} onChange={setValue} creating={creating} now={now} />;
}

const hidden = (label: string) =>
  screen.getByText(label, { selector: 'label' }).parentElement?.querySelector<HTMLInputElement>('input[aria-hidden]');

describe('SchedulePeriodFields', () => {
  it('shows the start and end as dd/MM/yyyy hh:mm a in English, whose clock has 12 hours (03 §9)', () => {
    render(
      <Harness creating={false} initial={{ start: new Date(2026, 2, 11, 18, 5), end: new Date(2026, 3, 1, 0, 0) }} />,
    );
    expect(hidden('Start')?.value).toBe('11/03/2026 06:05 PM');
    expect(hidden('End')?.value).toBe('01/04/2026 12:00 AM');
  });

  it('shows them with 24 hours in a language whose clock has 24 (German)', async () => {
    await changeLanguage('de');
    try {
      render(<Harness creating={false} initial={{ start: new Date(2026, 2, 11, 18, 5), end: null }} />);
      const start = document.querySelector<HTMLInputElement>('input[aria-hidden]');
      expect(start?.value).toBe('11/03/2026 18:05');
    } finally {
      await changeLanguage('en');
    }
  });

  it('says why a period cannot be saved: a start before now on create, an end before the start', () => {
    render(<Harness creating initial={{ start: new Date(2026, 2, 9, 6, 0), end: new Date(2026, 2, 8, 6, 0) }} />);
    expect(screen.getByText('The scheduled start must not be before now.')).toBeTruthy();
    expect(screen.getByText('The end date must not be earlier than the start.')).toBeTruthy();
  });

  it('has no end when "No end" is ticked, and a month after the start when it is not', async () => {
    const user = userEvent.setup();
    render(<Harness creating initial={{ start: new Date(2026, 2, 11, 6, 0), end: null }} />);
    const noEnd = screen.getByRole('checkbox', { name: 'No end' }) as HTMLInputElement;
    expect(noEnd.checked).toBe(true);
    expect(hidden('End')?.value).toBe('');
    await user.click(noEnd);
    expect(noEnd.checked).toBe(false);
    expect(hidden('End')?.value).toBe('11/04/2026 06:00 AM');
  });
});
