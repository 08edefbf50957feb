import { beforeAll, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import type { Location } from '@tagtrack/contract';
import { localizeLocationTree } from './special-location-names';

const node = (name: string, special: Location['special'], children: Location[] = []): Location => ({
  uuid: crypto.randomUUID(),
  name,
  parent: null,
  active: true,
  metadata: {},
  special,
  has_floor_plan: false,
  image_count: 0,
  items: 0,
  products: 0,
  children,
});

describe('localizeLocationTree', () => {
  beforeAll(() => {
    i18next.addResourceBundle('de', 'common', { locationRemoved: 'Entfernt', locationUnassigned: 'Nicht zugeordnet' });
  });

  it('names the system roots in the interface language by their flag, not by their name', () => {
    const site = node('Site', null, [node('Removed', null)]);
    const ownRemoved = node('Removed', null);
    const roots = [node('Removed', 'removed'), node('Unassigned', 'unassigned'), site, ownRemoved];
    const german = localizeLocationTree(roots, i18next.getFixedT('de', 'common'));
    expect(german.map((root) => root.name)).toEqual(['Entfernt', 'Nicht zugeordnet', 'Site', 'Removed']);
    // A user's own location called "Removed", deep or at the root, is never renamed; others are kept as they came.
    expect(german[2]).toBe(site);
    expect(german[3]).toBe(ownRemoved);
    expect(localizeLocationTree(roots, i18next.getFixedT('en', 'common')).map((root) => root.name)).toEqual([
      'Removed',
      'Unassigned',
      'Site',
      'Removed',
    ]);
  });
});
