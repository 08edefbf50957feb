import type { Config } from '../config.js';

/** A cache an app keeps, declared by the module that owns it: how to make it from the configuration. */
export interface CacheSlot<T> {
  readonly name: string;
  make(config: Config): T;
}

export function cacheSlot<T>(name: string, make: (config: Config) => T): CacheSlot<T> {
  return { name, make };
}

/**
 * What an app keeps in memory between requests (the read ingest's sightings, the location tree's
 * product counts, the measurement types), made by buildApp and reached through the context
 * (`ctx.caches.of(SLOT)`): each cache is made the first time it is asked for, once per app, so no
 * module keeps state at its top level and two apps in one process (the tests) share none.
 */
export class AppCaches {
  private readonly made = new Map<CacheSlot<unknown>, unknown>();

  constructor(private readonly config: Config) {}

  of<T>(slot: CacheSlot<T>): T {
    if (!this.made.has(slot)) this.made.set(slot, slot.make(this.config));
    return this.made.get(slot) as T;
  }
}
