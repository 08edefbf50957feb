import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RecurrenceSchema, type Recurrence } from '@tagtrack/contract';
import { RecurrenceEditor } from './recurrence-editor';

const daily = (hour: string, minute = '0'): Recurrence => ({
  minute,
  hour,
  day_of_week: '*',
  day_of_month: '*',
  month_of_year: '*',
});
// Thursday 15 January 2026, in winter: Berlin is UTC+1, New York UTC−5.
const winter = new Date('2026-01-15T09:00:00Z');
const summer = new Date('2026-07-15T09:00:00Z');

function Harness(props: { initial: Recurrence; start: Date | null; timeZone: string; spy: (r: Recurrence) => void }) {
  const [value, setValue] = useState(props.initial);
  return (
    <RecurrenceEditor
      value={value}
      onChange={(next) => {
        setValue(next);
        props.spy(next);
      }}
      start={props.start}
      timeZone={props.timeZone}
    />
  );
}

function setup(initial: Recurrence, timeZone = 'Europe/Berlin', start: Date | null = winter) {
  const spy = vi.fn<(r: Recurrence) => void>();
  const user = userEvent.setup();
  const view = render(<Harness initial={initial} start={start} timeZone={timeZone} spy={spy} />);
  const last = () => spy.mock.lastCall?.[0];
  const hint = () => screen.getByTestId('recurrence-utc-hint').textContent;
  const summary = () => screen.getByTestId('schedule-summary').textContent;
  const repeat = (name: RegExp) =>
    user.click(within(screen.getByRole('group', { name: 'Repeat' })).getByRole('button', { name }));
  return { spy, user, view, last, hint, summary, repeat };
}

describe('RecurrenceEditor: the time in the user’s zone, the value in UTC (03 §7)', () => {
  it('shows a saved UTC time in Berlin’s time and emits the picked time in UTC', async () => {
    const { user, last, hint, summary } = setup(daily('5'));
    expect(screen.getByRole('spinbutton', { name: 'Hours' }).textContent).toContain('06');
    expect(hint()).toBe('06:00 in your time, 05:00 UTC');
    expect(summary()).toBe('Runs: Every day at 06:00 Europe/Berlin');

    await user.click(screen.getByRole('spinbutton', { name: 'Hours' }));
    await user.keyboard('{ArrowUp}');
    expect(last()).toEqual(daily('6'));
    expect(hint()).toBe('07:00 in your time, 06:00 UTC');
  });

  it('converts New York’s time by the offset at the schedule’s start (daylight saving)', () => {
    const { spy, last, hint, view } = setup(daily('11', '30'), 'America/New_York');
    expect(hint()).toBe('06:30 in your time, 11:30 UTC');
    expect(spy).not.toHaveBeenCalled();

    view.rerender(<Harness initial={daily('11', '30')} start={summer} timeZone="America/New_York" spy={spy} />);
    expect(last()).toEqual(daily('10', '30'));
    expect(hint()).toBe('06:30 in your time, 10:30 UTC');
  });

  it('takes the weekday along when the UTC time falls on the day before', async () => {
    const { repeat, user, last, summary } = setup(daily('23', '30'));
    // 23:30 UTC is 00:30 in Berlin: a Thursday start makes Thursday the local day.
    await repeat(/weekly/i);
    expect(last()).toEqual({ ...daily('23', '30'), day_of_week: '3' });
    await user.click(screen.getByRole('button', { name: 'Monday' }));
    expect(last()).toEqual({ ...daily('23', '30'), day_of_week: '0,3' });
    expect(summary()).toBe('Runs: Every Monday and Thursday at 00:30 Europe/Berlin');
  });
});

describe('RecurrenceEditor: repeat types (03 §4)', () => {
  it('resets the other selections on each switch, with the spec’s defaults', async () => {
    const { repeat, last, summary } = setup(daily('5'));
    await repeat(/weekly/i);
    expect(last()).toEqual({ ...daily('5'), day_of_week: '4' });
    expect(screen.getByRole('button', { name: 'Thursday' }).getAttribute('aria-pressed')).toBe('true');

    await repeat(/monthly/i);
    expect(last()).toEqual({ ...daily('5'), day_of_month: '15' });
    expect((screen.getByRole('textbox', { name: 'Days of the month' }) as HTMLInputElement).value).toBe('15');
    expect(screen.queryByRole('button', { name: 'Thursday' })).toBeNull();

    await repeat(/yearly/i);
    expect(last()).toEqual({ ...daily('5'), day_of_month: '15', month_of_year: '1' });
    expect(screen.getByRole('combobox', { name: 'Month' }).textContent).toContain('January');
    expect(summary()).toBe('Runs: Every year on 15 January at 06:00 Europe/Berlin');

    await repeat(/daily/i);
    expect(last()).toEqual(daily('5'));
  });

  it('picks weekdays Monday to Sunday as 0 = Sunday … 6, keeping at least one', async () => {
    const { user, last } = setup({ ...daily('5'), day_of_week: '4' });
    const week = within(screen.getByRole('group', { name: 'On these days' }));
    expect(week.getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    await user.click(week.getByRole('button', { name: 'Sunday' }));
    await user.click(week.getByRole('button', { name: 'Monday' }));
    expect(last()?.day_of_week).toBe('0,1,4');
    await user.click(week.getByRole('button', { name: 'Sunday' }));
    await user.click(week.getByRole('button', { name: 'Monday' }));
    await user.click(week.getByRole('button', { name: 'Thursday' }));
    expect(last()?.day_of_week).toBe('4');
    expect(week.getByRole('button', { name: 'Thursday' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('refuses days of the month outside 1 to 31, so the form cannot save them', async () => {
    const { user, last, summary } = setup({ ...daily('5'), day_of_month: '15' });
    const days = screen.getByRole('textbox', { name: 'Days of the month' });
    const message = 'Enter whole numbers from 1 to 31, separated by commas.';

    await user.clear(days);
    await user.type(days, '32');
    expect(screen.getByText(message)).toBeTruthy();
    expect(days.getAttribute('aria-invalid')).toBe('true');
    expect(RecurrenceSchema.safeParse(last()).success).toBe(false);
    expect(screen.queryByTestId('schedule-summary')).toBeNull();

    await user.clear(days);
    await user.type(days, '1,15');
    expect(screen.queryByText(message)).toBeNull();
    expect(last()).toEqual({ ...daily('5'), day_of_month: '1,15' });
    expect(RecurrenceSchema.safeParse(last()).success).toBe(true);
    expect(summary()).toBe('Runs: Monthly on day 1 and 15 at 06:00 Europe/Berlin');
  });

  it('checks the year’s day too', async () => {
    const { user, last } = setup({ ...daily('5'), day_of_month: '15', month_of_year: '3' });
    const day = screen.getByRole('textbox', { name: 'On day' });
    await user.clear(day);
    await user.type(day, '0');
    expect(screen.getByText('Enter whole numbers from 1 to 31, separated by commas.')).toBeTruthy();
    expect(RecurrenceSchema.safeParse(last()).success).toBe(false);
    expect(last()?.month_of_year).toBe('3');
  });
});
