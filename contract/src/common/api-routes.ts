import type { Permission } from './permissions.js';
import type { Extension } from './roles.js';

/**
 * Who may call each API route. 'public' needs no token; 'authenticated' any signed-in user;
 * 'reader' a reader's own token (the reader-facing side, docs/reader-protocol.md);
 * a permission is checked against the caller's role by the server's guard. Instance rules (own
 * account, same customer) are the services' job on top of this.
 * SECURITY: the server refuses to start a route that is missing here.
 */
export type ApiAccess = 'public' | 'authenticated' | 'reader' | Permission;
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRoute {
  method: HttpMethod;
  /** Fastify-style path with `:param` segments; spec paths are relative to the server root. */
  url: string;
  access: ApiAccess;
  /** The extension the caller's customer must have (else 403 PermissionDenied saying so). */
  extension?: Extension;
  /**
   * 'joined': a ValidationError's `detail` is one string, its messages `field: text` joined by ';'
   * (03 §8: event errors); `codes` keeps them by field as everywhere else.
   */
  errorDetail?: 'joined';
}

export const API_ROUTES = {
  healthz: { method: 'GET', url: '/healthz', access: 'public' },
  readyz: { method: 'GET', url: '/readyz', access: 'public' },
  openapi: { method: 'GET', url: '/api/schema/', access: 'public' },
  token: { method: 'POST', url: '/api/token/', access: 'public' },
  tokenRefresh: { method: 'POST', url: '/api/token/refresh/', access: 'public' },
  errorReport: { method: 'POST', url: '/api/error/', access: 'errorReport:create' },
  me: { method: 'GET', url: '/accounts/users/me/', access: 'profile:view' },
  updateMe: { method: 'PATCH', url: '/accounts/users/me/', access: 'profile:view' },
  setPassword: { method: 'POST', url: '/accounts/users/:id/set_password/', access: 'password:change' },
  userList: { method: 'GET', url: '/accounts/users/', access: 'user:manage' },
  userCreate: { method: 'POST', url: '/accounts/users/', access: 'user:manage' },
  userGet: { method: 'GET', url: '/accounts/users/:id/', access: 'user:manage' },
  userUpdate: { method: 'PUT', url: '/accounts/users/:id/', access: 'user:manage' },
  userDelete: { method: 'DELETE', url: '/accounts/users/:id/', access: 'user:manage' },
  userResetPassword: { method: 'POST', url: '/accounts/users/:id/reset_password/', access: 'user:manage' },
  forgotPassword: { method: 'POST', url: '/accounts/forgot-password/', access: 'public' },
  forgotPasswordCheck: { method: 'GET', url: '/accounts/forgot-password/:id/', access: 'public' },
  forgotPasswordConfirm: { method: 'POST', url: '/accounts/forgot-password/:id/', access: 'public' },
  outboxList: { method: 'GET', url: '/accounts/outbox/', access: 'user:manage' },
  groupList: { method: 'GET', url: '/accounts/management-groups/', access: 'group:manage' },
  groupCreate: { method: 'POST', url: '/accounts/management-groups/', access: 'group:manage' },
  groupGet: { method: 'GET', url: '/accounts/management-groups/:id/', access: 'group:manage' },
  groupUpdate: { method: 'PUT', url: '/accounts/management-groups/:id/', access: 'group:manage' },
  groupDelete: { method: 'DELETE', url: '/accounts/management-groups/:id/', access: 'group:manage' },
  groupAddUsers: { method: 'POST', url: '/accounts/management-groups/:id/add_users/', access: 'group:manage' },
  groupRemoveUsers: { method: 'POST', url: '/accounts/management-groups/:id/remove_users/', access: 'group:manage' },
  version: { method: 'GET', url: '/configuration/version/', access: 'public' },
  instanceSubscription: { method: 'GET', url: '/configuration/instance-subscription/', access: 'authenticated' },
  customer: { method: 'GET', url: '/configuration/customer/', access: 'authenticated' },
  locationList: { method: 'GET', url: '/configuration/location/', access: 'location:view' },
  locationCreate: { method: 'POST', url: '/configuration/location/', access: 'location:write' },
  locationExportCsv: { method: 'GET', url: '/configuration/location/export/csv/', access: 'location:view' },
  locationLeafRemaining: { method: 'GET', url: '/configuration/location/leaf-remaining/', access: 'location:view' },
  locationGet: { method: 'GET', url: '/configuration/location/:id/', access: 'location:view' },
  locationUpdate: { method: 'PATCH', url: '/configuration/location/:id/', access: 'location:write' },
  locationDelete: { method: 'DELETE', url: '/configuration/location/:id/', access: 'location:write' },
  locationCounts: { method: 'GET', url: '/configuration/location/:id/counts/', access: 'location:view' },
  locationActivate: { method: 'GET', url: '/configuration/location/:id/activate/', access: 'location:write' },
  locationActivatePost: { method: 'POST', url: '/configuration/location/:id/activate/', access: 'location:write' },
  locationDisable: { method: 'GET', url: '/configuration/location/:id/disable/', access: 'location:write' },
  locationDisablePost: { method: 'POST', url: '/configuration/location/:id/disable/', access: 'location:write' },
  locationFileUpload: { method: 'POST', url: '/configuration/location/:id/files/', access: 'location:write' },
  locationFileList: { method: 'GET', url: '/configuration/location/:id/files/', access: 'location:view' },
  locationFileGet: { method: 'GET', url: '/configuration/location/:id/files/:pk/get_file/', access: 'location:view' },
  locationFileDelete: {
    method: 'DELETE',
    url: '/configuration/location/:id/files/:pk/force_delete/',
    access: 'location:write',
  },
  floorPlanGet: { method: 'GET', url: '/configuration/location/:id/floor_plan/', access: 'location:view' },
  floorPlanCreate: { method: 'POST', url: '/configuration/location/:id/floor_plan/', access: 'location:write' },
  floorPlanReplace: { method: 'PUT', url: '/configuration/location/:id/floor_plan/', access: 'location:write' },
  floorPlanDelete: { method: 'DELETE', url: '/configuration/location/:id/floor_plan/', access: 'location:write' },
  encodingList: { method: 'GET', url: '/master-data/encoding/', access: 'authenticated' },
  encodingUpdate: { method: 'PATCH', url: '/master-data/encoding/:id/', access: 'settings:manage' },
  generateSku: { method: 'POST', url: '/master-data/generate-sku/', access: 'inventory:addProduct' },
  itemReportList: { method: 'GET', url: '/report/realtime/', access: 'report:view' },
  itemReportCreate: { method: 'POST', url: '/report/realtime/', access: 'report:write' },
  itemReportGet: { method: 'GET', url: '/report/realtime/:id/', access: 'report:view' },
  itemReportUpdate: { method: 'PATCH', url: '/report/realtime/:id/', access: 'report:write' },
  itemReportDelete: { method: 'DELETE', url: '/report/realtime/:id/', access: 'report:write' },
  itemReportQuery: { method: 'GET', url: '/report/realtime/:id/query/', access: 'report:view' },
  itemReportExport: { method: 'GET', url: '/report/realtime/:id/export', access: 'report:view' },
  /** The CSV of a report as a form shows it, unsaved (docs/reports.md): the form's own export. */
  itemReportDraftExport: { method: 'POST', url: '/report/realtime/export', access: 'report:write' },
  scheduledReportList: { method: 'GET', url: '/report/scheduled/', access: 'report:view' },
  scheduledReportCreate: { method: 'POST', url: '/report/scheduled/', access: 'report:write' },
  scheduledReportGet: { method: 'GET', url: '/report/scheduled/:id/', access: 'report:view' },
  scheduledReportUpdate: { method: 'PATCH', url: '/report/scheduled/:id/', access: 'report:write' },
  scheduledReportDelete: { method: 'DELETE', url: '/report/scheduled/:id/', access: 'report:write' },
  scheduledReportRunNow: { method: 'POST', url: '/report/scheduled/:id/run/', access: 'report:write' },
  /** Beyond the spec: the users a scheduled report's runs may be mailed to. */
  scheduledReportRecipients: { method: 'GET', url: '/report/scheduled/recipient/', access: 'report:write' },
  scheduledReportRuns: { method: 'GET', url: '/report/scheduled/:id/files', access: 'report:view' },
  scheduledReportRunFile: {
    method: 'GET',
    url: '/report/scheduled/:id/files/:fileId/get_file',
    access: 'report:view',
  },
  // Sensors and events (03 §7): only for customers with the sensor extension.
  measurementList: {
    method: 'GET',
    url: '/sensor-data/measurement/',
    access: 'sensor:view',
    extension: 'sensor',
  },
  measurementTypeList: {
    method: 'GET',
    url: '/sensor-data/measurement/type/',
    access: 'sensor:view',
    extension: 'sensor',
  },
  observationRuleList: {
    method: 'GET',
    url: '/sensor-data/observation/rule/',
    access: 'event:view',
    extension: 'sensor',
    errorDetail: 'joined',
  },
  observationRuleCreate: {
    method: 'POST',
    url: '/sensor-data/observation/rule/',
    access: 'event:create',
    extension: 'sensor',
    errorDetail: 'joined',
  },
  observationRuleGet: {
    method: 'GET',
    url: '/sensor-data/observation/rule/:id',
    access: 'event:view',
    extension: 'sensor',
    errorDetail: 'joined',
  },
  observationRuleUpdate: {
    method: 'PUT',
    url: '/sensor-data/observation/rule/:id',
    access: 'event:edit',
    extension: 'sensor',
    errorDetail: 'joined',
  },
  observationRuleDelete: {
    method: 'DELETE',
    url: '/sensor-data/observation/rule/:id/',
    access: 'event:edit',
    extension: 'sensor',
    errorDetail: 'joined',
  },
  observationRecipientList: {
    method: 'GET',
    url: '/sensor-data/observation/recipient/',
    access: 'event:edit',
    extension: 'sensor',
  },
  observationList: {
    method: 'GET',
    url: '/sensor-data/observation/observation/',
    access: 'event:view',
    extension: 'sensor',
  },
  // The sensor dashboard (beyond the spec): each sensor's latest value, and one sensor's series.
  sensorList: {
    method: 'GET',
    url: '/sensor-data/sensor/',
    access: 'sensor:view',
    extension: 'sensor',
  },
  measurementSeries: {
    method: 'GET',
    url: '/sensor-data/measurement/series/',
    access: 'sensor:view',
    extension: 'sensor',
  },
  categoryList: { method: 'GET', url: '/tag-data/category/', access: 'item:view' },
  categoryCreate: { method: 'POST', url: '/tag-data/category/', access: 'catalogue:manage' },
  categoryGet: { method: 'GET', url: '/tag-data/category/:id/', access: 'item:view' },
  categoryUpdate: { method: 'PATCH', url: '/tag-data/category/:id/', access: 'catalogue:manage' },
  categoryDelete: { method: 'DELETE', url: '/tag-data/category/:id/', access: 'catalogue:manage' },
  productList: { method: 'GET', url: '/master-data/product/', access: 'item:view' },
  productCreate: { method: 'POST', url: '/master-data/product/', access: 'inventory:addProduct' },
  productImportTemplate: { method: 'GET', url: '/master-data/product/import/template/', access: 'catalogue:manage' },
  productImportPreview: { method: 'POST', url: '/master-data/product/import/preview/', access: 'catalogue:manage' },
  productImport: { method: 'POST', url: '/master-data/product/import/', access: 'catalogue:manage' },
  productGetById: { method: 'GET', url: '/master-data/product/id/:id', access: 'item:view' },
  productGet: { method: 'GET', url: '/master-data/product/:sku/', access: 'item:view' },
  productUpdate: { method: 'PATCH', url: '/master-data/product/:sku/', access: 'catalogue:manage' },
  productDelete: { method: 'DELETE', url: '/master-data/product/:sku/', access: 'catalogue:manage' },
  itemList: { method: 'GET', url: '/tag-data/tag/', access: 'item:view' },
  itemCreate: { method: 'POST', url: '/tag-data/tag/', access: 'item:modify' },
  itemBulkUpdate: { method: 'PATCH', url: '/tag-data/tag/', access: 'item:modify' },
  itemBulkDelete: { method: 'DELETE', url: '/tag-data/tag/', access: 'item:modify' },
  itemRestore: { method: 'POST', url: '/tag-data/tag/restore/', access: 'item:modify' },
  itemImportTemplate: { method: 'GET', url: '/tag-data/tag/import/template/', access: 'item:modify' },
  itemImportPreview: { method: 'POST', url: '/tag-data/tag/import/preview/', access: 'item:modify' },
  itemImport: { method: 'POST', url: '/tag-data/tag/import/', access: 'item:modify' },
  itemExportCsv: { method: 'GET', url: '/tag-data/tag/export/csv/', access: 'item:view' },
  itemHistoryList: { method: 'GET', url: '/tag-data/tag/history/', access: 'item:view' },
  itemHistoryExportCsv: { method: 'GET', url: '/tag-data/tag/history/export/csv/', access: 'item:view' },
  itemGet: { method: 'GET', url: '/tag-data/tag/:id/', access: 'item:view' },
  itemUpdate: { method: 'PATCH', url: '/tag-data/tag/:id/', access: 'item:modify' },
  itemDelete: { method: 'DELETE', url: '/tag-data/tag/:id/', access: 'item:modify' },
  productFullCount: { method: 'GET', url: '/tag-data/product/fullcount/serialized/', access: 'inventory:view' },
  productFullCountExportCsv: {
    method: 'GET',
    url: '/tag-data/product/fullcount/serialized/export/csv/',
    access: 'inventory:view',
  },
  locationItemCount: { method: 'GET', url: '/tag-data/location/itemcount/', access: 'inventory:view' },
  locationItemCountExportCsv: {
    method: 'GET',
    url: '/tag-data/location/itemcount/export/csv/',
    access: 'inventory:view',
  },
  locationItemCountTotals: { method: 'GET', url: '/tag-data/location/itemcount/totals/', access: 'inventory:view' },
  locationItemCountRecalculate: {
    method: 'GET',
    url: '/tag-data/location/itemcount/recalculate/',
    access: 'inventory:view',
  },
  inventoryCountList: { method: 'GET', url: '/tag-data/v2/location/inventorycount/', access: 'inventory:view' },
  inventoryCountGet: { method: 'GET', url: '/tag-data/v2/location/inventorycount/:id/', access: 'inventory:view' },
  locationProductCount: {
    method: 'GET',
    url: '/tag-data/v2/location/productcount/:locationId/',
    access: 'inventory:view',
  },
  locationProductCountV1: {
    method: 'GET',
    url: '/tag-data/location/productcount/:locationId/',
    access: 'inventory:view',
  },
  inventorySessionList: { method: 'GET', url: '/process-data/inventory/sessions/', access: 'inventory:session' },
  inventorySessionCreate: { method: 'POST', url: '/process-data/inventory/sessions/', access: 'inventory:session' },
  inventorySessionLocations: {
    method: 'GET',
    url: '/process-data/inventory/sessions/locations/',
    access: 'inventory:session',
  },
  inventorySessionFull: {
    method: 'GET',
    url: '/process-data/inventory/sessions/:id/full/',
    access: 'inventory:session',
  },
  inventorySessionTriage: {
    method: 'POST',
    url: '/process-data/inventory/sessions/:id/triage/',
    access: 'inventory:session',
  },
  inventorySessionConfirm: {
    method: 'POST',
    url: '/process-data/inventory/sessions/:id/confirm/',
    access: 'inventory:session',
  },
  inventorySessionReopen: {
    method: 'POST',
    url: '/process-data/inventory/sessions/:id/reopen/',
    access: 'inventory:session',
  },
  inventorySessionAbandon: {
    method: 'POST',
    url: '/process-data/inventory/sessions/:id/abandon/',
    access: 'inventory:session',
  },
  trackingSettingsGet: { method: 'GET', url: '/configuration/tracking-settings/', access: 'authenticated' },
  trackingSettingsUpdate: { method: 'PATCH', url: '/configuration/tracking-settings/', access: 'settings:manage' },
  readerList: { method: 'GET', url: '/configuration/reader/', access: 'reader:manage' },
  readerCreate: { method: 'POST', url: '/configuration/reader/', access: 'reader:manage' },
  readerSetupMode: { method: 'GET', url: '/configuration/reader/setup-mode/', access: 'authenticated' },
  readerGet: { method: 'GET', url: '/configuration/reader/:uuid/', access: 'reader:manage' },
  readerUpdate: { method: 'PATCH', url: '/configuration/reader/:uuid/', access: 'reader:manage' },
  readerDelete: { method: 'DELETE', url: '/configuration/reader/:uuid/', access: 'reader:manage' },
  readerResetSetupTime: {
    method: 'POST',
    url: '/configuration/reader/:uuid/reset_setup_time/',
    access: 'reader:manage',
  },
  readerClearHeartbeats: {
    method: 'DELETE',
    url: '/configuration/reader/:uuid/heartbeat/clear_heartbeats/',
    access: 'reader:manage',
  },
  readerInitialization: { method: 'POST', url: '/configuration/reader-initialization/', access: 'reader:manage' },
  readerAssignment: { method: 'POST', url: '/configuration/reader-assignment/', access: 'reader:manage' },
  readerTemplateAssignment: {
    method: 'POST',
    url: '/configuration/reader-template-assignment/',
    access: 'reader:manage',
  },
  readerKindList: { method: 'GET', url: '/configuration/reader-kind/', access: 'reader:manage' },
  readerKindFetch: { method: 'GET', url: '/configuration/reader-kind/fetch_updates/', access: 'reader:manage' },
  readerAppList: { method: 'GET', url: '/configuration/reader-application/most_recent/', access: 'reader:manage' },
  readerAppFetch: {
    method: 'GET',
    url: '/configuration/reader-application/most_recent/fetch_updates/',
    access: 'reader:manage',
  },
  configurationList: { method: 'GET', url: '/configuration/reader-configuration/', access: 'reader:manage' },
  configurationCreate: { method: 'POST', url: '/configuration/reader-configuration/', access: 'reader:manage' },
  configurationGet: { method: 'GET', url: '/configuration/reader-configuration/:id/', access: 'reader:manage' },
  configurationUpdate: { method: 'PUT', url: '/configuration/reader-configuration/:id/', access: 'reader:manage' },
  configurationSensor: { method: 'PATCH', url: '/configuration/reader-configuration/:id/', access: 'reader:manage' },
  configurationDelete: { method: 'DELETE', url: '/configuration/reader-configuration/:id/', access: 'reader:manage' },
  readerAutodiscoveryList: { method: 'GET', url: '/configuration/reader-autodiscovery/', access: 'reader:manage' },
  readerAutodiscoveryGet: { method: 'GET', url: '/configuration/reader-autodiscovery/:id/', access: 'reader:manage' },
  readerAutodiscovered: { method: 'GET', url: '/configuration/reader-autodiscovered/', access: 'reader:manage' },
  readerOnpremInitialization: {
    method: 'POST',
    url: '/configuration/reader-onprem-initialization/',
    access: 'reader:manage',
  },
  validateReader: { method: 'POST', url: '/configuration/validate-reader/', access: 'reader:manage' },
  handheldOnpremInitialization: {
    method: 'POST',
    url: '/configuration/handheld-reader-onprem-initialization/',
    access: 'reader:manage',
  },
  deviceToken: { method: 'POST', url: '/reader-api/token/', access: 'public' },
  deviceConfiguration: { method: 'GET', url: '/reader-api/configuration/', access: 'reader' },
  deviceHeartbeat: { method: 'POST', url: '/reader-api/heartbeat/', access: 'reader' },
  deviceReads: { method: 'POST', url: '/reader-api/reads/', access: 'reader' },
  deviceMeasurements: { method: 'POST', url: '/reader-api/measurements/', access: 'reader' },
  deviceSessionList: { method: 'GET', url: '/reader-api/inventory/sessions/', access: 'reader' },
  deviceSessionReads: { method: 'POST', url: '/reader-api/inventory/sessions/:hash/reads/', access: 'reader' },
  deviceAnnounce: { method: 'POST', url: '/reader-api/announce/', access: 'public' },
} as const satisfies Record<string, ApiRoute>;

export type ApiRouteName = keyof typeof API_ROUTES;

/** Fills `:param` segments: apiPath('/a/:id/', { id: 3 }) → '/a/3/'. */
export function apiPath(url: string, params: Record<string, string | number> = {}): string {
  return url.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
