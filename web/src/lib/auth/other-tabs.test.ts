import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLIENT_STORE_KEY } from '../config';
import { useClientStore } from '../client-store';
import { queryClient } from '../query-client';
import { lastSignOutReason, watchOtherTabs } from './sign-out';

const persisted = (access: string | null, refresh: string | null) =>
  JSON.stringify({ state: { access, refresh, density: 'medium', language: 'en' }, version: 1 });

describe('the session across tabs', () => {
  let stop: () => void = () => undefined;
  beforeEach(() => {
    useClientStore.setState({ access: 'a', refresh: 'r' });
    stop = watchOtherTabs();
  });
  afterEach(() => stop());

  it('signs out here when another tab clears localStorage, and forgets the cached data', () => {
    queryClient.setQueryData(['me'], { id: 1 });
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(useClientStore.getState().access).toBeNull();
    expect(queryClient.getQueryData(['me'])).toBeUndefined();
    expect(lastSignOutReason()).toBe('other-tab');
  });

  it('signs out here when another tab stores the state without tokens', () => {
    window.dispatchEvent(new StorageEvent('storage', { key: CLIENT_STORE_KEY, newValue: persisted(null, null) }));
    expect(useClientStore.getState().access).toBeNull();
  });

  it('uses the tokens another tab renewed', () => {
    window.dispatchEvent(new StorageEvent('storage', { key: CLIENT_STORE_KEY, newValue: persisted('a2', 'r2') }));
    expect(useClientStore.getState()).toMatchObject({ access: 'a2', refresh: 'r2' });
  });

  it('ignores other keys', () => {
    window.dispatchEvent(new StorageEvent('storage', { key: 'something-else', newValue: null }));
    expect(useClientStore.getState().access).toBe('a');
  });
});
