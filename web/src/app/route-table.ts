import { CONSOLE_ROUTES, type ConsoleRoute } from '@tagtrack/contract';
import { BUILT_FEATURES, type BuiltFeature } from '../lib/built-features';
import { lazyNamed, type Preloadable } from '../lib/lazy-named';

type Page = Preloadable<object>;

/** Lazy-loads a named page export, so every page is its own chunk (the first one fetched early: first-screen.ts). */
function page<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string): Page {
  return lazyNamed(load, name) as Page;
}

/**
 * The page of each route of the built features (lib/built-features.ts; paths as in the contract's
 * CONSOLE_ROUTES). Keyed by exactly those features: one built without pages, or pages for one not
 * built, does not compile.
 */
export const BUILT_PAGES: Readonly<Record<BuiltFeature, Readonly<Record<string, Page>>>> = {
  shell: {
    '/login': page(() => import('../features/auth/pages/login-page'), 'LoginPage'),
    '/profile': page(() => import('../features/account/pages/profile-page'), 'ProfilePage'),
    '/password-change': page(() => import('../features/account/pages/password-change-page'), 'PasswordChangePage'),
  },
  settings: {
    '/admin-setting/system-setting': page(
      () => import('../features/settings/pages/system-settings-page'),
      'SystemSettingsPage',
    ),
  },
  locations: {
    '/location': page(() => import('../features/locations/pages/location-tree-page'), 'LocationTreePage'),
    '/location/:locationId': page(() => import('../features/locations/pages/floor-plan-page'), 'FloorPlanPage'),
    '/location/images/:uuid': page(
      () => import('../features/locations/pages/location-images-page'),
      'LocationImagesPage',
    ),
  },
  catalogue: {
    '/admin-setting/product-management/:tab': page(
      () => import('../features/catalogue/pages/product-management-page'),
      'ProductManagementPage',
    ),
    '/admin-setting/product-management/category/add-category': page(
      () => import('../features/catalogue/categories/pages/add-category-page'),
      'AddCategoryPage',
    ),
    '/admin-setting/product-management/category/modify-category/:categoryId': page(
      () => import('../features/catalogue/categories/pages/edit-category-page'),
      'EditCategoryPage',
    ),
    '/admin-setting/product-management/product/add-product': page(
      () => import('../features/catalogue/products/pages/add-product-page'),
      'AddProductPage',
    ),
    '/inventory/add-product': page(
      () => import('../features/catalogue/products/pages/add-product-page'),
      'InventoryAddProductPage',
    ),
    '/admin-setting/product-management/product/modify-product/:productSku': page(
      () => import('../features/catalogue/products/pages/edit-product-page'),
      'EditProductPage',
    ),
    '/admin-setting/product-management/product/add-item': page(
      () => import('../features/catalogue/items/pages/add-item-page'),
      'AddItemPage',
    ),
    '/add-asset': page(() => import('../features/catalogue/items/pages/add-item-page'), 'AddItemPage'),
    '/asset/modify-asset/:id/:sku': page(
      () => import('../features/catalogue/items/pages/edit-item-page'),
      'EditItemPage',
    ),
    '/admin-setting/product-management/product/product-import': page(
      () => import('../features/catalogue/imports/pages/import-products-page'),
      'ImportProductsPage',
    ),
    '/mass-import': page(() => import('../features/catalogue/imports/pages/import-items-page'), 'ImportItemsPage'),
  },
  users: {
    '/user-tabs': page(() => import('../features/users/pages/user-tabs-page'), 'UserTabsPage'),
    '/user-tabs/:tab': page(() => import('../features/users/pages/user-tabs-page'), 'UserTabsPage'),
    '/password-reset': page(
      () => import('../features/auth/password-reset/pages/password-reset-page'),
      'PasswordResetPage',
    ),
    '/password-reset-onpremise': page(
      () => import('../features/auth/password-reset/pages/onpremise-password-reset-page'),
      'OnPremisePasswordResetPage',
    ),
    '/forgot-password/:uuid': page(
      () => import('../features/auth/password-reset/pages/forgot-password-page'),
      'ForgotPasswordPage',
    ),
  },
  readers: {
    '/readers/:tab': page(() => import('../features/readers/pages/readers-page'), 'ReadersPage'),
    '/readers/configuration/handheld-reader': page(
      () => import('../features/readers/pages/handheld-configuration-page'),
      'HandheldConfigurationPage',
    ),
    '/readers/configuration/add-configuration': page(
      () => import('../features/readers/pages/add-configuration-page'),
      'AddConfigurationPage',
    ),
    '/readers/configuration/edit-configuration/:configurationId': page(
      () => import('../features/readers/pages/edit-configuration-page'),
      'EditConfigurationPage',
    ),
    '/readers/add-reader-template': page(() => import('../features/readers/pages/add-reader-page'), 'AddReaderPage'),
    '/readers/edit-reader-template/:readerId': page(
      () => import('../features/readers/pages/edit-reader-page'),
      'EditReaderPage',
    ),
    '/readers/add-reader-onpremise': page(
      () => import('../features/readers/pages/add-reader-onpremise-page'),
      'AddReaderOnPremisePage',
    ),
    '/readers/add-reader-template-onpremise': page(
      () => import('../features/readers/pages/add-reader-template-onpremise-page'),
      'AddReaderTemplateOnPremisePage',
    ),
  },
  sensor: {
    '/sensor-dashboard/': page(() => import('../features/sensors/pages/sensor-dashboard-page'), 'SensorDashboardPage'),
  },
  'item-tracking': {
    '/': page(() => import('../features/item-tracking/pages/item-tracking-page'), 'ItemTrackingPage'),
    '/item-history/:tagName': page(
      () => import('../features/item-tracking/pages/item-history-page'),
      'ItemHistoryPage',
    ),
    '/asset-management': page(
      () => import('../features/item-tracking/pages/asset-management-page'),
      'AssetManagementPage',
    ),
  },
  inventory: {
    '/inventory': page(() => import('../features/inventory/pages/inventory-page'), 'InventoryPage'),
    '/check-tags/:sku': page(() => import('../features/inventory/pages/check-tags-page'), 'CheckTagsPage'),
    '/location-items/:sku': page(() => import('../features/inventory/pages/location-items-page'), 'LocationItemsPage'),
    '/location/inventory/:uuid': page(
      () => import('../features/inventory/pages/location-inventory-page'),
      'LocationInventoryPage',
    ),
  },
  reports: {
    '/reporting': page(() => import('../features/reports/pages/reports-page'), 'ReportsPage'),
    '/reporting/view-report/:id': page(
      () => import('../features/reports/pages/report-results-page'),
      'ReportResultsPage',
    ),
    '/reporting/history-scheduled-report/:id/:name': page(
      () => import('../features/reports/pages/report-history-page'),
      'ReportHistoryPage',
    ),
    '/reporting/reporting-form/asset': page(
      () => import('../features/reports/pages/item-report-form-page'),
      'ItemReportFormPage',
    ),
    '/reporting/edit-reporting-form/:id': page(
      () => import('../features/reports/pages/item-report-form-page'),
      'ItemReportFormPage',
    ),
    '/reporting/duplicate-reporting-form/:id/:action': page(
      () => import('../features/reports/pages/item-report-form-page'),
      'ItemReportFormPage',
    ),
    '/reporting/reporting-form/inventory': page(
      () => import('../features/reports/pages/scheduled-report-form-page'),
      'ScheduledReportFormPage',
    ),
    '/reporting/edit-scheduled-report-form/:id': page(
      () => import('../features/reports/pages/scheduled-report-form-page'),
      'ScheduledReportFormPage',
    ),
    '/reporting/duplicate-scheduled-report-form/:id/:action': page(
      () => import('../features/reports/pages/scheduled-report-form-page'),
      'ScheduledReportFormPage',
    ),
  },
  events: {
    '/event-center/:tab': page(() => import('../features/events/pages/event-center-page'), 'EventCenterPage'),
    '/event-center/event-form': page(() => import('../features/events/pages/event-form-page'), 'EventFormPage'),
    '/event-center/event-form/:id': page(() => import('../features/events/pages/event-form-page'), 'EventFormPage'),
  },
  'inventory-session': {
    '/inventory/inventory-session': page(
      () => import('../features/inventory-sessions/pages/inventory-sessions-page'),
      'InventorySessionsPage',
    ),
    '/inventory/inventory-session/:hash': page(
      () => import('../features/inventory-sessions/pages/inventory-session-page'),
      'InventorySessionPage',
    ),
  },
  announcements: {
    '/announcements': page(() => import('../features/announcements/pages/announcements-page'), 'AnnouncementsPage'),
  },
};

export function pageFor(route: ConsoleRoute): Page | undefined {
  return BUILT_FEATURES.has(route.feature) ? BUILT_PAGES[route.feature as BuiltFeature][route.path] : undefined;
}

/** Routes of built features that have no page: must stay empty (checked by a test). */
export function routesWithoutPage(): ConsoleRoute[] {
  return CONSOLE_ROUTES.filter((route) => BUILT_FEATURES.has(route.feature) && !pageFor(route));
}
