import { describe, expect, it } from 'vitest';
import { screenshot, signIn, useBrowser } from './support.js';

const open = useBrowser();

describe('announcements (cloud variant)', () => {
  it('a viewer follows the release link in the side panel to the v2.4.1 announcement', async () => {
    const { context, page } = await open();
    await signIn(page, 'viewer');
    const link = page.getByTestId('side-menu').getByTestId('release-link');
    expect(await link.textContent()).toBe('What’s new in v2.4.1');
    await link.click();
    await expect.poll(() => page.url()).toMatch(/\/announcements$/);
    await page.getByRole('heading', { level: 1, name: 'Announcements' }).waitFor();
    const card = page.getByRole('article', { name: 'Tagtrack v2.4.1' });
    await card.waitFor();
    expect(await card.getByText('Released on 22 November 2026').isVisible()).toBe(true);
    expect(await card.getByRole('listitem').count()).toBe(6);
    expect(await page.title()).toBe('Announcements · Tagtrack');
    await screenshot(page, 'announcements');
    await context.close();
  });
});
