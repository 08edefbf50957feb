import { cacheSlot } from '../../lib/app-caches.js';

/**
 * The measurement types' uuids, read once per app: only migrations change them (a new type comes
 * with a new server version), and every measurement batch checks its values against them. A
 * failed read is not kept: the next caller reads again.
 */
export class MeasurementTypesCache {
  private known: Promise<Set<string>> | undefined;

  ids(load: () => Promise<Set<string>>): Promise<Set<string>> {
    this.known ??= load().catch((error: unknown) => {
      this.known = undefined;
      throw error;
    });
    return this.known;
  }
}

/** The app's measurement types (AppCaches). */
export const MEASUREMENT_TYPES = cacheSlot('measurement types', () => new MeasurementTypesCache());
