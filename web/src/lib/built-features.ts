import type { Feature } from '@tagtrack/contract';

/**
 * The console's built features. A feature absent here is not built: its routes and menu entries do
 * not exist. app/route-table.ts gives each a page for every one of its routes (its type and a test
 * hold the two together); kept here, below the app, for the features that ask whether a route exists.
 */
export const BUILT_FEATURE_LIST = [
  'shell',
  'settings',
  'locations',
  'catalogue',
  'users',
  'readers',
  'sensor',
  'item-tracking',
  'inventory',
  'reports',
  'events',
  'inventory-session',
  'announcements',
] as const satisfies readonly Feature[];
export type BuiltFeature = (typeof BUILT_FEATURE_LIST)[number];

export const BUILT_FEATURES: ReadonlySet<Feature> = new Set<Feature>(BUILT_FEATURE_LIST);
