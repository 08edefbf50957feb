import { describe, expect, it } from 'vitest';
import { screenshot, signIn, useBrowser } from './support.js';

const open = useBrowser();

describe('interface language', () => {
  it('switches the page language from the profile, keeps it for the user, and applies it at sign-in', async () => {
    const { context, page } = await open();
    await signIn(page, 'application');
    await page.goto('/profile');
    const heading = page.getByRole('heading', { level: 1 });
    await heading.waitFor();
    const english = await heading.textContent();
    await page.getByTestId('language-select').click();
    await page.getByRole('option', { name: 'Deutsch' }).click();
    await expect.poll(() => heading.textContent()).not.toBe(english);
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('de');
    const german = await heading.textContent();
    // The switch's overlay fades out after the texts change: the screenshot shows the page itself.
    await page.getByText('Sprache wird umgestellt…').waitFor({ state: 'hidden' });
    await screenshot(page, 'profile-de');
    // Sign out and in again in a fresh browser: the language comes from the user's profile.
    await context.close();
    const second = await open();
    await signIn(second.page, 'application');
    await second.page.goto('/profile');
    await expect.poll(() => second.page.getByRole('heading', { level: 1 }).textContent()).toBe(german);
    // Back to English so other tests see English.
    await second.page.getByTestId('language-select').click();
    await second.page.getByRole('option', { name: 'English' }).click();
    await expect.poll(() => second.page.getByRole('heading', { level: 1 }).textContent()).toBe(english);
    await second.context.close();
  });
});
