import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { STALE_AFTER, invalidateAfter, keyStartsWith, queryKeys, type Change } from './query-keys';

/** A client holding one fresh query per view the console shows. */
function clientWithViews() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  const views = {
    tree: queryKeys.locations.tree(),
    treeSearch: queryKeys.locations.tree({ search: 'dock' }),
    locationCounts: queryKeys.locations.counts('loc-1'),
    locationDetail: queryKeys.locations.detail('loc-1'),
    inventoryProducts: queryKeys.inventory.products({ page: 1 }),
    inventoryLocation: queryKeys.inventory.location('loc-1', {}),
    itemList: queryKeys.items.tracking({ page: 1 }),
    itemDetail: queryKeys.items.detail(7),
    productList: queryKeys.products.list(),
    sessions: queryKeys.sessions.list({}),
    readers: queryKeys.readers.list({}),
    users: queryKeys.users.list({}),
    me: queryKeys.me.all,
    reportList: queryKeys.reports.list({ page: 1 }),
    reportDetail: queryKeys.reports.detail('asset', 3),
    reportResults: queryKeys.reports.resultPage(3, { page: 1 }),
    reportRuns: queryKeys.reports.runPage(4, { page: 1 }),
  };
  for (const key of Object.values(views)) client.setQueryData(key, { fresh: true });
  const stale = () =>
    Object.entries(views)
      .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
      .map(([name]) => name)
      .sort();
  return { client, stale };
}

async function staleAfter(change: Change) {
  const { client, stale } = clientWithViews();
  await invalidateAfter(client, change);
  return stale();
}

describe('query keys and what a change makes stale', () => {
  it('refreshes the location tree, its counts and the inventory after an item change', async () => {
    expect(await staleAfter('items')).toEqual(
      [
        'inventoryLocation',
        'inventoryProducts',
        'itemDetail',
        'itemList',
        'locationCounts',
        'productList',
        'reportResults',
        'tree',
        'treeSearch',
      ].sort(),
    );
  });

  it('refreshes what a confirmed session changed, and only the sessions otherwise', async () => {
    const confirmed = await staleAfter('sessionConfirmed');
    expect(confirmed).toEqual(
      expect.arrayContaining(['sessions', 'tree', 'locationCounts', 'inventoryProducts', 'itemList']),
    );
    expect(confirmed).not.toContain('readers');
    expect(confirmed).not.toContain('users');
    expect(confirmed).not.toContain('me');
    expect(await staleAfter('sessions')).toEqual(['sessions']);
  });

  it('refreshes every view of the reports after a report change, and nothing else', async () => {
    expect(await staleAfter('reports')).toEqual(['reportDetail', 'reportList', 'reportResults', 'reportRuns']);
  });

  it('leaves out what the change says to keep (the detail of what was just deleted)', async () => {
    const { client, stale } = clientWithViews();
    await invalidateAfter(client, 'items', (query) => keyStartsWith(query, queryKeys.items.detail(7)));
    expect(stale()).not.toContain('itemDetail');
    expect(stale()).toContain('itemList');
  });

  it('keeps every key under its group, so a group’s `all` reaches it', () => {
    for (const [group, factories] of Object.entries(queryKeys)) {
      const all = (factories as { all?: readonly unknown[] }).all;
      if (!all) continue;
      for (const [name, make] of Object.entries(factories)) {
        if (typeof make !== 'function' || name === 'fileContent') continue;
        const key = (make as (...args: unknown[]) => readonly unknown[])('x', 'y', {});
        expect(key.slice(0, all.length), `${group}.${name}`).toEqual([...all]);
      }
    }
    for (const keys of Object.values(STALE_AFTER)) expect(keys.length).toBeGreaterThan(0);
  });
});
