import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { RecurrenceSchema, type Recurrence } from '@tagtrack/contract';
import { RecurrenceEditor } from './recurrence-editor';

const FormSchema = z.object({ recurrence: RecurrenceSchema });
const saved: Recurrence = { minute: '0', hour: '5', day_of_week: '*', day_of_month: '15', month_of_year: '*' };

/** The editor as the scheduled report form will hold it: a Controller over the contract's schema. */
function Form() {
  const { control, formState } = useForm<z.input<typeof FormSchema>, unknown, z.output<typeof FormSchema>>({
    resolver: zodResolver(FormSchema),
    defaultValues: { recurrence: saved },
    mode: 'onChange',
  });
  return (
    <>
      <Controller
        control={control}
        name="recurrence"
        render={({ field }) => (
          <RecurrenceEditor
            value={field.value as Recurrence}
            onChange={field.onChange}
            start={new Date('2026-01-15T09:00:00Z')}
            timeZone="Europe/Berlin"
          />
        )}
      />
      <button type="submit" disabled={!formState.isValid}>
        Save
      </button>
    </>
  );
}

describe('RecurrenceEditor in a react-hook-form Controller', () => {
  it('disables Save while a day of the month is out of range', async () => {
    const user = userEvent.setup();
    render(<Form />);
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    await waitFor(() => expect(save.disabled).toBe(false));

    const days = screen.getByRole('textbox', { name: 'Days of the month' });
    await user.clear(days);
    await user.type(days, '32');
    await waitFor(() => expect(save.disabled).toBe(true));

    await user.clear(days);
    await user.type(days, '31');
    await waitFor(() => expect(save.disabled).toBe(false));
  });
});
