import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import type { Release } from '../model/releases';
import { ReleaseList } from './release-list';

const RELEASES: Release[] = [
  { version: 'v2.3.0', date: '2026-06-01', items: ['roleMenus'] },
  { version: 'v2.4.1', date: '2026-11-22', items: ['sessionRenewal', 'databases'] },
];

describe('release list', () => {
  it('shows a card per release, newest first, the newest marked as the latest', () => {
    renderWithProviders(<ReleaseList releases={RELEASES} />);
    const cards = screen.getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Tagtrack v2.4.1',
      'Tagtrack v2.3.0',
    ]);
    expect(within(cards[0]!).getByText('Latest')).toBeTruthy();
    expect(within(cards[1]!).queryByText('Latest')).toBeNull();
  });

  it('lists what a release brings, with its day', () => {
    renderWithProviders(<ReleaseList releases={RELEASES} />);
    const card = screen.getByRole('article', { name: 'Tagtrack v2.4.1' });
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Sign-in with automatic session renewal', 'Runs on the embedded database or PostgreSQL']);
    expect(card.querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-22');
  });
});
