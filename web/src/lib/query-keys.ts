import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import type { LocationFile, ReportType } from '@tagtrack/contract';

/**
 * Every server-state query key of the console, in one place (TanStack Query keys are prefixes: a
 * key's `all` covers every query below it). Screens and API hooks take their keys from here, and a
 * change says what it made stale through `invalidateAfter` below, never by listing keys itself.
 */
export const queryKeys = {
  me: { all: ['me'] as const },
  configuration: {
    all: ['configuration'] as const,
    version: () => ['configuration', 'version'] as const,
    customer: () => ['configuration', 'customer'] as const,
    subscription: () => ['configuration', 'instance-subscription'] as const,
  },
  encodings: {
    all: ['encodings'] as const,
    list: () => ['encodings', 'list'] as const,
  },
  trackingSettings: { all: ['tracking-settings'] as const },
  outbox: {
    all: ['outbox'] as const,
    list: (params: object) => ['outbox', 'list', params] as const,
  },
  passwordReset: {
    all: ['password-reset'] as const,
    link: (id: string) => ['password-reset', 'link', id] as const,
  },
  users: {
    all: ['users'] as const,
    lists: () => ['users', 'list'] as const,
    list: (params: object) => ['users', 'list', params] as const,
    /** The users an event may notify (under users: a user's address or phone changes them). */
    eventRecipients: () => ['users', 'event-recipients'] as const,
    reportRecipients: () => ['users', 'report-recipients'] as const,
  },
  groups: {
    all: ['management-groups'] as const,
    lists: () => ['management-groups', 'list'] as const,
    list: (params: object) => ['management-groups', 'list', params] as const,
    users: (groupId: number, membership: string, params: object) =>
      ['management-groups', 'users', groupId, membership, params] as const,
  },
  categories: {
    all: ['categories'] as const,
    lists: () => ['categories', 'list'] as const,
    list: (params: object = {}) => ['categories', 'list', params] as const,
    picker: () => ['categories', 'list', { picker: true }] as const,
    detail: (id: number) => ['categories', 'detail', id] as const,
  },
  products: {
    all: ['products'] as const,
    lists: () => ['products', 'list'] as const,
    list: (params: object = {}) => ['products', 'list', params] as const,
    /** Every product for the pickers; `sensorOnly`: the sensor products alone. */
    picker: (sensorOnly = false) => ['products', 'list', { picker: true, ...(sensorOnly && { sensorOnly }) }] as const,
    details: () => ['products', 'detail'] as const,
    detail: (sku: string) => ['products', 'detail', sku] as const,
    byId: (id: number) => ['products', 'id', id] as const,
  },
  items: {
    all: ['items'] as const,
    lists: () => ['items', 'list'] as const,
    /** The item tracking screen's list (under lists, so every item change refreshes it). */
    tracking: (params: object) => ['items', 'list', 'tracking', params] as const,
    history: () => ['items', 'history'] as const,
    historyList: (params: object) => ['items', 'history', params] as const,
    details: () => ['items', 'detail'] as const,
    detail: (id: number) => ['items', 'detail', id] as const,
  },
  locations: {
    all: ['locations'] as const,
    trees: () => ['locations', 'tree'] as const,
    tree: (params: object = {}) => ['locations', 'tree', params] as const,
    leafRemaining: () => ['locations', 'leaf-remaining'] as const,
    countsAll: () => ['locations', 'counts'] as const,
    counts: (uuid: string) => ['locations', 'counts', uuid] as const,
    detail: (uuid: string) => ['locations', 'detail', uuid] as const,
    floorPlan: (uuid: string) => ['locations', 'floor-plan', uuid] as const,
    files: (uuid: string) => ['locations', 'files', uuid] as const,
    fileList: (uuid: string, type?: string) => ['locations', 'files', uuid, type ?? 'all'] as const,
    /** A file's bytes, by version: not under `all`, a new version is a new key. */
    fileContent: (uuid: string, file: Pick<LocationFile, 'pk' | 'updated'>) =>
      ['location-file-content', uuid, file.pk, file.updated] as const,
  },
  inventory: {
    all: ['inventory'] as const,
    products: (params: object) => ['inventory', 'products', params] as const,
    byLocation: (params: object) => ['inventory', 'byLocation', params] as const,
    location: (uuid: string, params: object) => ['inventory', 'location', uuid, params] as const,
    tags: (params: object) => ['inventory', 'tags', params] as const,
    product: (sku: string) => ['inventory', 'product', sku] as const,
    locationName: (uuid: string) => ['inventory', 'locationName', uuid] as const,
  },
  sessions: {
    all: ['inventory-sessions'] as const,
    list: (params: object) => ['inventory-sessions', 'list', params] as const,
    openLocations: () => ['inventory-sessions', 'open-locations'] as const,
    full: (idOrHash: string | number) => ['inventory-sessions', 'full', String(idOrHash)] as const,
  },
  readers: {
    all: ['readers'] as const,
    lists: () => ['readers', 'list'] as const,
    list: (params: object) => ['readers', 'list', params] as const,
    detail: (uuid: string) => ['readers', 'detail', uuid] as const,
    setupMode: () => ['readers', 'setup-mode'] as const,
    discovered: (search: string) => ['readers', 'discovered', search] as const,
  },
  reports: {
    all: ['reports'] as const,
    /** The report list: both kinds, merged. */
    lists: () => ['reports', 'list'] as const,
    list: (params: object) => ['reports', 'list', params] as const,
    detail: (kind: ReportType, id: number) => ['reports', 'detail', kind, id] as const,
    /** Every item report's results: what items show changes them. */
    resultsAll: () => ['reports', 'results'] as const,
    results: (id: number) => ['reports', 'results', id] as const,
    resultPage: (id: number, params: object) => ['reports', 'results', id, params] as const,
    runs: (id: number) => ['reports', 'runs', id] as const,
    runPage: (id: number, params: object) => ['reports', 'runs', id, params] as const,
  },
  /** Sensor monitoring events (observation rules) and the alerts they raised (03 §2). */
  events: {
    all: ['events'] as const,
    lists: () => ['events', 'list'] as const,
    list: (params: object) => ['events', 'list', params] as const,
    detail: (id: string) => ['events', 'detail', id] as const,
    notifications: (params: object) => ['events', 'notifications', params] as const,
  },
  /** The kinds of measurement sensors report: fixed on every instance, nothing changes them. */
  measurementTypes: { all: ['measurement-types'] as const },
  /** The reader types and apps of the catalogue: not under readers, a reader change leaves them. */
  readerKinds: { all: ['reader-kinds'] as const },
  readerApps: { all: ['reader-apps'] as const },
  readerConfigurations: {
    all: ['reader-configurations'] as const,
    lists: () => ['reader-configurations', 'list'] as const,
    list: (params: object) => ['reader-configurations', 'list', params] as const,
    detail: (id: number) => ['reader-configurations', 'detail', id] as const,
  },
  /** The sensor dashboard: latest values, one sensor's series, the measurement list. */
  sensors: {
    all: ['sensors'] as const,
    latest: (params: object) => ['sensors', 'latest', params] as const,
    series: (params: object) => ['sensors', 'series', params] as const,
    measurements: (params: object) => ['sensors', 'measurements', params] as const,
  },
} as const;

/** What the items show of where they are and how many: a change of items makes these stale. */
const ITEM_VIEWS: readonly QueryKey[] = [
  queryKeys.items.all,
  // Products show their item counts.
  queryKeys.products.all,
  queryKeys.inventory.all,
  // The location tree and a location's details show its item counts.
  queryKeys.locations.trees(),
  queryKeys.locations.countsAll(),
  // Item reports run when they are shown: their results list items.
  queryKeys.reports.resultsAll(),
  // The sensor dashboard shows sensors (items) with their product and location.
  queryKeys.sensors.all,
];

/**
 * What each kind of change makes stale. A mutation names its change (`invalidateAfter(client,
 * 'items')`) and every view of what it changed refreshes, however far from the screen it is.
 */
export const STALE_AFTER = {
  /** An item created, edited, moved, deleted or restored, one or many, typed or imported. */
  items: ITEM_VIEWS,
  /** A product created, edited or deleted: its name and counts appear on items and in inventory. */
  products: [queryKeys.products.all, queryKeys.items.all, queryKeys.inventory.all, queryKeys.sensors.all],
  /** A category: its name appears on products. */
  categories: [queryKeys.categories.all, queryKeys.products.all],
  /** A location: its name and place appear on items, in inventory and in sessions. */
  locations: [
    queryKeys.locations.all,
    queryKeys.items.all,
    queryKeys.inventory.all,
    queryKeys.sessions.all,
    queryKeys.sensors.all,
  ],
  /** A location's image or floor plan. */
  locationFiles: [queryKeys.locations.all],
  /** A session created, suspended, resumed or abandoned: only the sessions. */
  sessions: [queryKeys.sessions.all],
  /** A session confirmed: it moved and marked items, so what shows items, and the sessions. */
  sessionConfirmed: [queryKeys.sessions.all, ...ITEM_VIEWS],
  readers: [queryKeys.readers.all],
  /** A configuration: readers show the configurations assigned to them. */
  readerConfigurations: [queryKeys.readerConfigurations.all, queryKeys.readers.all],
  readerKinds: [queryKeys.readerKinds.all],
  readerApps: [queryKeys.readerApps.all],
  /** A user: groups list their members, and it may be the signed-in user. */
  users: [queryKeys.users.all, queryKeys.groups.all, queryKeys.me.all],
  /** A group or its members: user lists show each user's groups. */
  groups: [queryKeys.groups.all, queryKeys.users.all],
  encodings: [queryKeys.encodings.all],
  /** A report saved or deleted: the list, its page, its results and its runs. */
  reports: [queryKeys.reports.all],
  /** An event saved or deleted: the event list and its form (the alerts under it refresh too). */
  events: [queryKeys.events.all],
} as const satisfies Record<string, readonly QueryKey[]>;

export type Change = keyof typeof STALE_AFTER;

/**
 * Refreshes what a change made stale. `keep` leaves out queries that would only fail now (the
 * detail of what was just deleted).
 */
export function invalidateAfter(
  queryClient: QueryClient,
  change: Change,
  keep?: (query: Query) => boolean,
): Promise<unknown> {
  const predicate = keep ? (query: Query) => !keep(query) : undefined;
  return Promise.all(
    STALE_AFTER[change].map((queryKey) => queryClient.invalidateQueries({ queryKey, ...(predicate && { predicate }) })),
  );
}

/** Whether a query's key starts with `prefix` (for invalidateAfter's `keep`). */
export function keyStartsWith(query: Query, prefix: QueryKey): boolean {
  return prefix.every((part, i) => query.queryKey[i] === part);
}
