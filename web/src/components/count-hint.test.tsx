import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render';
import { CountHint } from './count-hint';

describe('CountHint', () => {
  it('says on hover which rule a count follows: every status, or status In only', async () => {
    renderWithProviders(
      <>
        <CountHint rule="all">(12 items / 3 products)</CountHint>
        <CountHint rule="in" icon>
          Total count
        </CountHint>
      </>,
    );
    const [all, present] = await screen.findAllByTestId('count-hint');
    expect(all!.textContent).toBe('(12 items / 3 products)');
    await userEvent.hover(all!);
    expect((await screen.findByRole('tooltip')).textContent).toMatch(/whatever its status \(in, out or lost\)/);
    await userEvent.unhover(all!);
    await userEvent.hover(present!);
    expect((await screen.findByRole('tooltip')).textContent).toMatch(/status In only/);
    expect(present!.getAttribute('data-count-rule')).toBe('in');
  });
});
