import { describe, expect, it } from 'vitest';
import { CONSOLE_ROUTES, ROLES, rolesWith, type Role } from '@tagtrack/contract';
import { decideRoute, type RouteDecision, type Session } from './permissions';

const ALL: readonly Role[] = ['administrator', 'operator', 'viewer', 'application'];
const WRITERS: readonly Role[] = ['administrator', 'operator', 'application'];
const ADMIN_APP: readonly Role[] = ['administrator', 'application'];
const ADMIN: readonly Role[] = ['administrator'];

/**
 * Who could open each console route when the route table named roles rather than a permission
 * (as it stood before issue 39): the routes now name the permission they need, and must admit the
 * very same roles. null: a signed-out page.
 */
const ROLES_BEFORE: readonly [string, readonly Role[] | null][] = [
  ['/login', null],
  ['/password-reset', null],
  ['/password-reset-onpremise', null],
  ['/forgot-password/:uuid', null],
  ['/', ALL],
  ['/sensor-dashboard/', ALL],
  ['/item-history/:tagName', ALL],
  ['/location-items/:sku', ALL],
  ['/location', ALL],
  ['/location/:locationId', ALL],
  ['/check-tags/:sku', ALL],
  ['/inventory', ALL],
  ['/profile', ALL],
  ['/announcements', ALL],
  ['/password-change', ALL],
  ['/reporting', ALL],
  ['/reporting/view-report/:id', ALL],
  ['/reporting/history-scheduled-report/:id/:name', ALL],
  ['/location/inventory/:uuid', ALL],
  ['/location/images/:uuid', ALL],
  ['/event-center/:tab', ALL],
  ['/asset/modify-asset/:id/:sku', WRITERS],
  ['/reporting/reporting-form/asset', WRITERS],
  ['/reporting/edit-reporting-form/:id', WRITERS],
  ['/reporting/duplicate-reporting-form/:id/:action', WRITERS],
  ['/reporting/reporting-form/inventory', WRITERS],
  ['/reporting/edit-scheduled-report-form/:id', WRITERS],
  ['/reporting/duplicate-scheduled-report-form/:id/:action', WRITERS],
  ['/inventory/inventory-session', WRITERS],
  ['/inventory/inventory-session/:hash', WRITERS],
  ['/inventory/add-product', WRITERS],
  ['/asset-management', WRITERS],
  ['/event-center/event-form', WRITERS],
  ['/event-center/event-form/:id', WRITERS],
  ['/readers/:tab', ADMIN_APP],
  ['/readers/configuration/handheld-reader', ADMIN_APP],
  ['/readers/configuration/add-configuration', ADMIN_APP],
  ['/readers/configuration/edit-configuration/:configurationId', ADMIN_APP],
  ['/readers/add-reader-template', ADMIN_APP],
  ['/readers/edit-reader-template/:readerId', ADMIN_APP],
  ['/readers/add-reader-onpremise', ADMIN_APP],
  ['/readers/add-reader-template-onpremise', ADMIN_APP],
  ['/admin-setting/product-management/:tab', ADMIN_APP],
  ['/admin-setting/product-management/category/modify-category/:categoryId', ADMIN_APP],
  ['/admin-setting/product-management/category/add-category', ADMIN_APP],
  ['/admin-setting/product-management/product/add-product', ADMIN_APP],
  ['/admin-setting/product-management/product/add-item', ADMIN_APP],
  ['/admin-setting/product-management/product/modify-product/:productSku', ADMIN_APP],
  ['/admin-setting/product-management/product/product-import', ADMIN_APP],
  ['/add-asset', WRITERS],
  ['/mass-import', WRITERS],
  ['/user-tabs', ADMIN],
  ['/user-tabs/:tab', ADMIN],
  ['/admin-setting/system-setting', ADMIN],
];

/** The guard's answer as it was computed from the role lists. */
function decisionBefore(roles: readonly Role[] | null, session: Session): RouteDecision {
  if (!session.signedIn) return roles === null ? 'render' : '/login';
  if (roles === null) return '/';
  return roles.some((role) => session.roles.includes(role)) ? 'render' : 'not-authorised';
}

const SESSIONS: readonly [string, Session][] = [
  ['signed out', { signedIn: false, roles: [] }],
  ...ROLES.map((role): [string, Session] => [role, { signedIn: true, roles: [role] }]),
];

describe('console route access read from the permission table', () => {
  it('covers every route of the table, and no other', () => {
    expect(CONSOLE_ROUTES.map((route) => route.path)).toEqual(ROLES_BEFORE.map(([path]) => path));
  });

  it.each(ROLES_BEFORE)('%s admits exactly the roles it admitted before', (path, before) => {
    const route = CONSOLE_ROUTES.find((r) => r.path === path)!;
    for (const [who, session] of SESSIONS) {
      expect(decideRoute(route, session), `${path} as ${who}`).toBe(decisionBefore(before, session));
    }
    expect(route.permission === null ? null : rolesWith(route.permission).sort()).toEqual(
      before === null ? null : [...before].sort(),
    );
  });
});
