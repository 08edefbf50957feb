import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { useClientStore } from '../../lib/client-store';
import { renderWithProviders } from '../../test/render';
import { stubServer } from '../../test/stub-server';
import { SidePanelFooter } from './side-panel-footer';

/** The footer's server: the deployment variant and the backend's version. */
function stubFooterServer(onPremise: boolean) {
  return stubServer({
    instanceSubscription: { extension: [], on_premise: onPremise, limits: { leaf_locations: null } },
    version: { version: '1.0.0', on_premise: false },
  });
}

describe('side panel footer', () => {
  beforeEach(() => useClientStore.setState({ access: 'a', refresh: 'r' }));
  afterEach(() => vi.unstubAllGlobals());

  it('links to the announcements in the cloud variant', async () => {
    stubFooterServer(false);
    renderWithProviders(<SidePanelFooter />);
    const link = await screen.findByTestId('release-link');
    expect(link.getAttribute('href')).toBe('/announcements');
    expect(link.textContent).toBe('What’s new in v2.4.1');
  });

  it('has no release link on-premise, where /announcements does not exist', async () => {
    stubFooterServer(true);
    const { client } = renderWithProviders(<SidePanelFooter />);
    await waitFor(() =>
      expect(client.getQueryState(['configuration', 'instance-subscription'])?.status).toBe('success'),
    );
    expect(await screen.findByText('Backend 1.0.0')).toBeTruthy();
    expect(screen.queryByTestId('release-link')).toBeNull();
  });
});
