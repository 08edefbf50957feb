import { describe, expect, it } from 'vitest';
import { CONSOLE_ROUTES, MENU, menuFor, routeAllows, routeForPath, routesFor, type Feature } from './console-routes.js';
import { ROLES } from './roles.js';
import type { Role } from './roles.js';

const keys = (roles: Role[], extensions: 'sensor'[] = ['sensor']) =>
  menuFor({ roles, extensions, onPremise: false }).map((m) => m.key);

describe('the side menu per role (spec 01 §2.3)', () => {
  it('shows the administrator everything', () => {
    expect(keys(['administrator'])).toEqual([
      'itemTracking',
      'sensorData',
      'inventory',
      'reports',
      'eventCenter',
      'locations',
      'devices',
      'productManagement',
      'users',
      'settings',
    ]);
  });

  it('shows operators the first six, with inventory sub-entries, but not Devices and Product Management (their routes refuse operators)', () => {
    const menu = menuFor({ roles: ['operator'], extensions: ['sensor'], onPremise: false });
    expect(menu.map((m) => m.key)).toEqual([
      'itemTracking',
      'sensorData',
      'inventory',
      'reports',
      'eventCenter',
      'locations',
    ]);
    expect(menu.find((m) => m.key === 'inventory')?.children?.map((c) => c.path)).toEqual([
      '/add-asset',
      '/mass-import',
    ]);
  });

  it('shows applications the first six plus Devices and Product Management, with the inventory sub-entries', () => {
    const menu = menuFor({ roles: ['application'], extensions: ['sensor'], onPremise: false });
    expect(menu.map((m) => m.key)).toHaveLength(8);
    expect(menu.find((m) => m.key === 'inventory')?.children).toHaveLength(2);
  });

  it('shows viewers the first six only, without inventory sub-entries', () => {
    const menu = menuFor({ roles: ['viewer'], extensions: ['sensor'], onPremise: false });
    expect(menu.map((m) => m.key)).toEqual([
      'itemTracking',
      'sensorData',
      'inventory',
      'reports',
      'eventCenter',
      'locations',
    ]);
    expect(menu.find((m) => m.key === 'inventory')?.children).toEqual([]);
  });

  it('hides Sensor Data and Event Center without the sensor extension', () => {
    expect(keys(['viewer'], [])).toEqual(['itemTracking', 'inventory', 'reports', 'locations']);
  });

  it('hides entries of features not built', () => {
    const built = new Set<Feature>(['shell', 'settings']);
    expect(
      menuFor({ roles: ['administrator'], extensions: ['sensor'], onPremise: false, built }).map((m) => m.key),
    ).toEqual(['settings']);
    expect(menuFor({ roles: ['operator'], extensions: ['sensor'], onPremise: false, built })).toEqual([]);
  });

  it('keeps an unbuilt parent as a heading of its built sub-entries', () => {
    const built = new Set<Feature>(['shell', 'catalogue']);
    const operator = menuFor({ roles: ['operator'], extensions: [], onPremise: false, built });
    const inventory = operator.find((m) => m.key === 'inventory');
    expect(inventory?.groupOnly).toBe(true);
    expect(inventory?.children?.map((c) => c.key)).toEqual(['addItems', 'import']);
    const viewer = menuFor({ roles: ['viewer'], extensions: [], onPremise: false, built });
    expect(viewer).toEqual([]);
    // Once the parent's own feature is built it is a link again.
    const all = menuFor({
      roles: ['operator'],
      extensions: [],
      onPremise: false,
      built: new Set([...built, 'inventory']),
    });
    expect(all.find((m) => m.key === 'inventory')?.groupOnly).toBeUndefined();
  });
});

describe('the menu follows the route table', () => {
  it.each(ROLES.map((role) => [role]))(
    'shows %s an entry exactly when its route admits the role and the menu offers it',
    (role) => {
      const shown = new Set(
        menuFor({ roles: [role], extensions: ['sensor'], onPremise: false }).flatMap((m) => [
          m.path,
          ...(m.children ?? []).map((c) => c.path),
        ]),
      );
      for (const entry of MENU.flatMap((m) => [m, ...(m.children ?? [])])) {
        const route = routeForPath(entry.path);
        expect(route, entry.path).toBeDefined();
        const offered = !entry.onlyFor || entry.onlyFor.includes(role);
        expect(shown.has(entry.path), `${role} ${entry.path}`).toBe(offered && routeAllows(route!, [role]));
      }
    },
  );

  it('leaves Add Items and Import out of the administrator menu, as the spec menu does', () => {
    const menu = menuFor({ roles: ['administrator'], extensions: [], onPremise: false });
    expect(menu.find((m) => m.key === 'inventory')?.children).toEqual([]);
  });

  it('finds the most specific route of a path', () => {
    expect(routeForPath('/readers/reader')?.path).toBe('/readers/:tab');
    expect(routeForPath('/readers/configuration/handheld-reader')?.path).toBe('/readers/configuration/handheld-reader');
    expect(routeForPath('/event-center/event-form')?.path).toBe('/event-center/event-form');
    expect(routeForPath('/inventory?x=1')?.path).toBe('/inventory');
    expect(routeForPath('/no-such-page')).toBeUndefined();
  });
});

describe('the route table (spec 01 §2.2)', () => {
  const route = (path: string) => {
    const found = CONSOLE_ROUTES.find((r) => r.path === path);
    if (!found) throw new Error(`no route ${path}`);
    return found;
  };

  it.each([
    ['/profile', ['administrator', 'operator', 'viewer', 'application'], []],
    ['/asset-management', ['administrator', 'operator', 'application'], ['viewer']],
    ['/readers/:tab', ['administrator', 'application'], ['operator', 'viewer']],
    ['/admin-setting/product-management/:tab', ['administrator', 'application'], ['operator', 'viewer']],
    ['/user-tabs', ['administrator'], ['operator', 'viewer', 'application']],
    ['/user-tabs/:tab', ['administrator'], ['operator', 'viewer', 'application']],
    ['/admin-setting/system-setting', ['administrator'], ['operator', 'viewer', 'application']],
  ] as const)('%s admits %j and refuses %j', (path, admitted, refused) => {
    for (const role of admitted) expect(routeAllows(route(path), [role])).toBe(true);
    for (const role of refused) expect(routeAllows(route(path), [role])).toBe(false);
  });

  it('keeps signed-out pages public', () => {
    expect(route('/login').permission).toBeNull();
    expect(routeAllows(route('/login'), [])).toBe(true);
  });

  it('drops on-premise routes in the cloud and sensor routes without the extension', () => {
    const cloud = routesFor({ extensions: [], onPremise: false }).map((r) => r.path);
    expect(cloud).not.toContain('/readers/add-reader-onpremise');
    expect(cloud).not.toContain('/sensor-dashboard/');
    expect(cloud).toContain('/password-reset');
    const onPrem = routesFor({ extensions: ['sensor'], onPremise: true }).map((r) => r.path);
    expect(onPrem).toContain('/readers/add-reader-onpremise');
    expect(onPrem).toContain('/sensor-dashboard/');
    expect(onPrem).not.toContain('/password-reset');
  });
});
