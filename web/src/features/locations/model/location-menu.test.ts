import { describe, expect, it } from 'vitest';
import type { Location } from '@tagtrack/contract';
import { loc } from '../../../test/location-fixtures';
import { isGreyed, locationMenuEntries, type LocationMenuContext } from './location-menu';

const everyRoute = () => true;
const builtToday = (path: string) => path !== '/' && path !== '/location/inventory/:uuid';
const writer: LocationMenuContext = { canWrite: true, routeExists: everyRoute, leafRemaining: null };
const viewer: LocationMenuContext = { ...writer, canWrite: false };

const actions = (node: Location, ctx: LocationMenuContext) => locationMenuEntries(node, ctx).map((e) => e.action);
const reasonOf = (node: Location, ctx: LocationMenuContext, action: string) =>
  locationMenuEntries(node, ctx).find((e) => e.action === action)?.disabledReason;

const leaf = (overrides: Partial<Location> = {}) => loc('Leaf', { parent: 'p', ...overrides });
const branch = () => loc('Branch', { parent: 'p' }, [loc('Child')]);
const root = () => loc('Root', {}, [loc('Child')]);

describe('location context menu', () => {
  it('offers a writer every entry on an active leaf, Deactivate rather than Activate', () => {
    expect(actions(leaf(), writer)).toEqual([
      'add',
      'edit',
      'deactivate',
      'delete',
      'images',
      'details',
      'items',
      'inventory',
    ]);
    expect(actions(leaf({ active: false }), writer)).toContain('activate');
    expect(actions(leaf({ active: false }), writer)).not.toContain('deactivate');
  });

  it('offers no Activate/Deactivate on a node with children, but the floor plan', () => {
    const entries = actions(branch(), writer);
    expect(entries).not.toContain('activate');
    expect(entries).not.toContain('deactivate');
    expect(entries).toContain('floorPlan');
    expect(actions(leaf(), writer)).not.toContain('floorPlan');
  });

  it('disables Delete for a root, a node with children and one holding items, saying why', () => {
    expect(reasonOf(root(), writer, 'delete')).toBe('rootCannotBeDeleted');
    expect(reasonOf(loc('Lonely root'), writer, 'delete')).toBe('rootCannotBeDeleted');
    expect(reasonOf(branch(), writer, 'delete')).toBe('locationHasChildren');
    expect(reasonOf(leaf({ items: 3 }), writer, 'delete')).toBe('locationHasItems');
    expect(reasonOf(leaf(), writer, 'delete')).toBeUndefined();
  });

  it('shows a viewer no write entries at all', () => {
    for (const node of [leaf(), leaf({ active: false }), branch(), root()]) {
      const entries = actions(node, viewer);
      for (const write of ['add', 'edit', 'activate', 'deactivate', 'delete']) expect(entries).not.toContain(write);
      expect(entries).toContain('details');
    }
  });

  it('locks the special roots: no Add, Edit, Delete, Activate or Deactivate', () => {
    for (const special of ['removed', 'unassigned'] as const) {
      expect(actions(loc('Removed', { special }), writer)).toEqual(['images', 'details', 'items', 'inventory']);
    }
  });

  it('links only to pages that exist', () => {
    expect(actions(leaf(), { ...writer, routeExists: builtToday })).not.toContain('items');
    expect(actions(leaf(), { ...writer, routeExists: builtToday })).not.toContain('inventory');
    expect(actions(branch(), { ...viewer, routeExists: () => false })).toEqual(['details']);
  });

  it('disables Add when it would need a leaf the subscription has no room for', () => {
    expect(reasonOf(branch(), { ...writer, leafRemaining: 0 }, 'add')).toBe('leafLimitReached');
    // A child under a leaf replaces that leaf: still allowed at the limit.
    expect(reasonOf(leaf(), { ...writer, leafRemaining: 0 }, 'add')).toBeUndefined();
    expect(reasonOf(branch(), { ...writer, leafRemaining: 2 }, 'add')).toBeUndefined();
  });

  it('greys inactive locations unless they have children', () => {
    expect(isGreyed(leaf({ active: false }))).toBe(true);
    expect(isGreyed(leaf())).toBe(false);
    expect(isGreyed({ ...branch(), active: false })).toBe(false);
  });
});
