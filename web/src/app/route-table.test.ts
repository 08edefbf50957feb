import { describe, expect, it } from 'vitest';
import { CONSOLE_ROUTES, menuFor, routesFor } from '@tagtrack/contract';
import { homePath } from './router';
import { BUILT_FEATURES } from '../lib/built-features';
import { BUILT_PAGES, routesWithoutPage } from './route-table';

const cloud = { extension: [], on_premise: false, limits: { leaf_locations: null } };

describe('route table', () => {
  it('has a page for every route of a built feature', () => {
    expect(routesWithoutPage()).toEqual([]);
  });

  it('has no page for a path the contract does not know', () => {
    const known = new Set(CONSOLE_ROUTES.map((r) => `${r.feature} ${r.path}`));
    for (const [feature, pages] of Object.entries(BUILT_PAGES)) {
      for (const path of Object.keys(pages ?? {})) expect(known.has(`${feature} ${path}`)).toBe(true);
    }
  });

  it('builds only the routes of built features', () => {
    const paths = routesFor({ extensions: ['sensor'], onPremise: false, built: BUILT_FEATURES }).map((r) => r.path);
    expect(paths.sort()).toEqual([
      '/',
      '/add-asset',
      '/admin-setting/product-management/:tab',
      '/admin-setting/product-management/category/add-category',
      '/admin-setting/product-management/category/modify-category/:categoryId',
      '/admin-setting/product-management/product/add-item',
      '/admin-setting/product-management/product/add-product',
      '/admin-setting/product-management/product/modify-product/:productSku',
      '/admin-setting/product-management/product/product-import',
      '/admin-setting/system-setting',
      '/announcements',
      '/asset-management',
      '/asset/modify-asset/:id/:sku',
      '/check-tags/:sku',
      '/event-center/:tab',
      '/event-center/event-form',
      '/event-center/event-form/:id',
      '/forgot-password/:uuid',
      '/inventory',
      '/inventory/add-product',
      '/inventory/inventory-session',
      '/inventory/inventory-session/:hash',
      '/item-history/:tagName',
      '/location',
      '/location-items/:sku',
      '/location/:locationId',
      '/location/images/:uuid',
      '/location/inventory/:uuid',
      '/login',
      '/mass-import',
      '/password-change',
      '/password-reset',
      '/profile',
      '/readers/:tab',
      '/readers/add-reader-template',
      '/readers/configuration/add-configuration',
      '/readers/configuration/edit-configuration/:configurationId',
      '/readers/configuration/handheld-reader',
      '/readers/edit-reader-template/:readerId',
      '/reporting',
      '/reporting/duplicate-reporting-form/:id/:action',
      '/reporting/duplicate-scheduled-report-form/:id/:action',
      '/reporting/edit-reporting-form/:id',
      '/reporting/edit-scheduled-report-form/:id',
      '/reporting/history-scheduled-report/:id/:name',
      '/reporting/reporting-form/asset',
      '/reporting/reporting-form/inventory',
      '/reporting/view-report/:id',
      '/sensor-dashboard/',
      '/user-tabs',
      '/user-tabs/:tab',
    ]);
  });

  it('leaves /announcements and the cloud password reset out on-premise', () => {
    const paths = routesFor({ extensions: [], onPremise: true, built: BUILT_FEATURES }).map((r) => r.path);
    expect(paths).not.toContain('/announcements');
    expect(paths).not.toContain('/password-reset');
    expect(paths).toContain('/password-reset-onpremise');
    expect(paths).toContain('/profile');
  });

  it('hides the menu entries of unbuilt features', () => {
    const admin = menuFor({
      roles: ['administrator'],
      extensions: ['sensor'],
      onPremise: false,
      built: BUILT_FEATURES,
    });
    expect(admin.map((m) => m.key)).toEqual([
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
    const viewer = menuFor({ roles: ['viewer'], extensions: ['sensor'], onPremise: false, built: BUILT_FEATURES });
    expect(viewer.map((m) => m.key)).toEqual([
      'itemTracking',
      'sensorData',
      'inventory',
      'reports',
      'eventCenter',
      'locations',
    ]);
  });

  it('sends / to the first menu entry, else to the profile', () => {
    expect(homePath(['administrator'], cloud)).toBe('/');
    expect(homePath(['operator'], cloud)).toBe('/');
    expect(homePath(['viewer'], undefined)).toBe('/');
    expect(homePath([], cloud)).toBe('/profile');
  });
});
