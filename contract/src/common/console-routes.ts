import { can, type Permission } from './permissions.js';
import type { Extension, Role } from './roles.js';

/**
 * The console's route and menu tables as the spec states them (01 §2.2–2.3, 02 §2, 03 §2).
 * The web builds its router, guard and side menu from these; a route whose feature is not built
 * yet is left out of the router and the menu, never shown as a placeholder.
 */
export const FEATURES = [
  'shell',
  'item-tracking',
  'sensor',
  'inventory',
  'inventory-session',
  'reports',
  'events',
  'locations',
  'readers',
  'catalogue',
  'users',
  'settings',
  'announcements',
] as const;
export type Feature = (typeof FEATURES)[number];

export interface ConsoleRoute {
  path: string;
  /**
   * What a user needs to open the page, from the permission table the API enforces too (who holds
   * it: permissions.ts). null: a signed-out page (login, password reset); signed-in users are sent to /.
   */
  permission: Permission | null;
  feature: Feature;
  extension?: Extension;
  /** true: only on-premise; false: only in the cloud variant; absent: both. */
  onPremise?: boolean;
}

const r = (
  path: string,
  permission: Permission | null,
  feature: Feature,
  extra: Pick<ConsoleRoute, 'extension' | 'onPremise'> = {},
): ConsoleRoute => ({ path, permission, feature, ...extra });

export const CONSOLE_ROUTES: readonly ConsoleRoute[] = [
  r('/login', null, 'shell'),
  r('/password-reset', null, 'users', { onPremise: false }),
  r('/password-reset-onpremise', null, 'users', { onPremise: true }),
  r('/forgot-password/:uuid', null, 'users'),
  r('/', 'item:view', 'item-tracking'),
  r('/sensor-dashboard/', 'sensor:view', 'sensor', { extension: 'sensor' }),
  r('/item-history/:tagName', 'item:view', 'item-tracking'),
  r('/location-items/:sku', 'inventory:view', 'inventory'),
  r('/location', 'location:view', 'locations'),
  r('/location/:locationId', 'location:view', 'locations'),
  r('/check-tags/:sku', 'inventory:view', 'inventory'),
  r('/inventory', 'inventory:view', 'inventory'),
  r('/profile', 'profile:view', 'shell'),
  // What's new: for every signed-in user, as their own profile is (no permission of its own).
  r('/announcements', 'profile:view', 'announcements', { onPremise: false }),
  r('/password-change', 'password:change', 'shell'),
  r('/reporting', 'report:view', 'reports'),
  r('/reporting/view-report/:id', 'report:view', 'reports'),
  r('/reporting/history-scheduled-report/:id/:name', 'report:view', 'reports'),
  r('/location/inventory/:uuid', 'inventory:view', 'inventory'),
  r('/location/images/:uuid', 'location:view', 'locations'),
  r('/event-center/:tab', 'event:view', 'events', { extension: 'sensor' }),
  r('/asset/modify-asset/:id/:sku', 'item:modify', 'catalogue'),
  r('/reporting/reporting-form/asset', 'report:write', 'reports'),
  r('/reporting/edit-reporting-form/:id', 'report:write', 'reports'),
  r('/reporting/duplicate-reporting-form/:id/:action', 'report:write', 'reports'),
  r('/reporting/reporting-form/inventory', 'report:write', 'reports'),
  r('/reporting/edit-scheduled-report-form/:id', 'report:write', 'reports'),
  r('/reporting/duplicate-scheduled-report-form/:id/:action', 'report:write', 'reports'),
  r('/inventory/inventory-session', 'inventory:session', 'inventory-session'),
  r('/inventory/inventory-session/:hash', 'inventory:session', 'inventory-session'),
  r('/inventory/add-product', 'inventory:addProduct', 'catalogue'),
  r('/asset-management', 'item:modify', 'item-tracking'),
  r('/event-center/event-form', 'event:edit', 'events', { extension: 'sensor' }),
  r('/event-center/event-form/:id', 'event:edit', 'events', { extension: 'sensor' }),
  r('/readers/:tab', 'reader:manage', 'readers'),
  r('/readers/configuration/handheld-reader', 'reader:manage', 'readers'),
  r('/readers/configuration/add-configuration', 'reader:manage', 'readers'),
  r('/readers/configuration/edit-configuration/:configurationId', 'reader:manage', 'readers'),
  r('/readers/add-reader-template', 'reader:manage', 'readers'),
  r('/readers/edit-reader-template/:readerId', 'reader:manage', 'readers'),
  r('/readers/add-reader-onpremise', 'reader:manage', 'readers', { onPremise: true }),
  r('/readers/add-reader-template-onpremise', 'reader:manage', 'readers', { onPremise: true }),
  r('/admin-setting/product-management/:tab', 'catalogue:manage', 'catalogue'),
  r('/admin-setting/product-management/category/modify-category/:categoryId', 'catalogue:manage', 'catalogue'),
  r('/admin-setting/product-management/category/add-category', 'catalogue:manage', 'catalogue'),
  r('/admin-setting/product-management/product/add-product', 'catalogue:manage', 'catalogue'),
  r('/admin-setting/product-management/product/add-item', 'catalogue:manage', 'catalogue'),
  r('/admin-setting/product-management/product/modify-product/:productSku', 'catalogue:manage', 'catalogue'),
  r('/admin-setting/product-management/product/product-import', 'catalogue:manage', 'catalogue'),
  // The Inventory menu's Add Items and Import entries (01 §2.3); the spec names no roles for the
  // routes themselves, so every writer of items may open them.
  r('/add-asset', 'item:modify', 'catalogue'),
  r('/mass-import', 'item:modify', 'catalogue'),
  // After a user is added or edited on-premise the console goes to /user-tabs (02 §2): the Users tab.
  r('/user-tabs', 'user:manage', 'users'),
  r('/user-tabs/:tab', 'user:manage', 'users'),
  r('/admin-setting/system-setting', 'settings:manage', 'settings'),
];

/** A side menu entry; who sees it follows from its path's route (see menuFor), never a list of its own. */
export interface MenuEntry {
  key: string;
  path: string;
  feature: Feature;
  extension?: Extension;
  children?: readonly MenuEntry[];
  /** The spec's menu offers this entry only to these roles (and never to a role its route refuses). */
  onlyFor?: readonly Role[];
  /** Set by menuFor on a parent whose own page is not built but whose sub-entries are: a heading, not a link. */
  groupOnly?: boolean;
}

const INVENTORY_CHILDREN: readonly MenuEntry[] = [
  // Administrators add and import items from Product Management; the menu leaves these to the others.
  { key: 'addItems', path: '/add-asset', feature: 'catalogue', onlyFor: ['operator', 'application'] },
  { key: 'import', path: '/mass-import', feature: 'catalogue', onlyFor: ['operator', 'application'] },
];

/**
 * The side menu (01 §2.3). The spec's menu table names roles that disagree with its route table
 * (operators would get Devices and Product Management, whose routes refuse them): the route table
 * wins, so an entry is shown only to roles that may open its path. Within that, the menu's own
 * choices stand (`onlyFor`: Add Items and Import are not offered to administrators).
 */
export const MENU: readonly MenuEntry[] = [
  { key: 'itemTracking', path: '/', feature: 'item-tracking' },
  { key: 'sensorData', path: '/sensor-dashboard/', feature: 'sensor', extension: 'sensor' },
  { key: 'inventory', path: '/inventory', feature: 'inventory', children: INVENTORY_CHILDREN },
  { key: 'reports', path: '/reporting', feature: 'reports' },
  { key: 'eventCenter', path: '/event-center/notifications', feature: 'events', extension: 'sensor' },
  { key: 'locations', path: '/location', feature: 'locations' },
  { key: 'devices', path: '/readers/reader', feature: 'readers' },
  { key: 'productManagement', path: '/admin-setting/product-management/category', feature: 'catalogue' },
  { key: 'users', path: '/user-tabs/user-management', feature: 'users' },
  { key: 'settings', path: '/admin-setting/system-setting', feature: 'settings' },
];

/** Whether a route pattern (`:name` matches one segment) matches a concrete path. */
function matches(pattern: string, path: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const have = path
    .replace(/[?#].*$/, '')
    .split('/')
    .filter(Boolean);
  return want.length === have.length && want.every((part, i) => part.startsWith(':') || part === have[i]);
}

/** The route table entry of a concrete path: the most specific match (fewest parameters), if any. */
export function routeForPath(path: string, routes: readonly ConsoleRoute[] = CONSOLE_ROUTES): ConsoleRoute | undefined {
  const params = (route: ConsoleRoute) => route.path.split('/').filter((part) => part.startsWith(':')).length;
  return routes.filter((route) => matches(route.path, path)).sort((a, b) => params(a) - params(b))[0];
}

export interface Audience {
  roles: readonly Role[];
  extensions: readonly Extension[];
  onPremise: boolean;
  built?: ReadonlySet<Feature>;
}

function visible(entry: { feature: Feature; extension?: Extension; onPremise?: boolean }, a: Audience) {
  if (a.built && !a.built.has(entry.feature)) return false;
  if (entry.extension && !a.extensions.includes(entry.extension)) return false;
  if (entry.onPremise !== undefined && entry.onPremise !== a.onPremise) return false;
  return true;
}

/** The side menu a user sees: by role, subscription extension and (optionally) built features. */
export function menuFor(a: Audience): MenuEntry[] {
  // SECURITY: the route table decides who sees an entry, as it decides who may open its page.
  const allowed = (m: MenuEntry) => {
    const route = routeForPath(m.path);
    const offered = m.onlyFor ? a.roles.filter((role) => m.onlyFor!.includes(role)) : a.roles;
    return route !== undefined && route.permission !== null && routeAllows(route, offered);
  };
  return MENU.filter(allowed).flatMap((m) => {
    const children = m.children?.filter((c) => visible(c, a) && allowed(c));
    if (visible(m, a)) return [{ ...m, children }];
    // A parent of another (unbuilt) feature still heads its built sub-entries, so they stay reachable.
    const ownGate = { ...m, feature: 'shell' as Feature };
    return children && children.length > 0 && visible(ownGate, { ...a, built: undefined })
      ? [{ ...m, children, groupOnly: true }]
      : [];
  });
}

/** Routes that exist for this deployment (extension, on-premise, built); roles are checked by the guard. */
export function routesFor(a: Omit<Audience, 'roles'>): ConsoleRoute[] {
  return CONSOLE_ROUTES.filter((route) => visible(route, { ...a, roles: [] }));
}

/** Whether one of the roles may open the route: a public page, or one of them holds its permission. */
export function routeAllows(route: ConsoleRoute, roles: readonly Role[]): boolean {
  return route.permission === null || can(roles, route.permission);
}
