import { SubtreeProductsCache } from './locations/subtree-products-cache.js';
import { MeasurementTypesCache } from './sensors/measurement-types-cache.js';
import { SightingCache } from './tracking/sighting-cache.js';

/**
 * What an app keeps in memory between requests, made by buildApp: two apps in one process (the
 * tests) never share them. Services reach them through their context (`ctx.caches`).
 */
export interface AppCaches {
  /** The items the read ingest last read or wrote (HTTP and MQTT alike). */
  sightings: SightingCache;
  /** The location tree's product counts, per customer, while they hold. */
  subtreeProducts: SubtreeProductsCache;
  measurementTypes: MeasurementTypesCache;
}

export function createAppCaches(options: { trackingCacheItems: number }): AppCaches {
  return {
    sightings: new SightingCache(options.trackingCacheItems),
    subtreeProducts: new SubtreeProductsCache(),
    measurementTypes: new MeasurementTypesCache(),
  };
}
