import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type PropsOf<C> = C extends ComponentType<infer P> ? P : never;

/** A lazily loaded component that can be fetched ahead of its first render. */
export type Preloadable<P> = LazyExoticComponent<ComponentType<P>> & {
  /** Starts fetching the component's chunk; the render's own import then reuses the same request. */
  preload: () => Promise<unknown>;
};

/**
 * Lazy-loads a named export, so the module is a chunk of its own, fetched when the component
 * first renders (or when `preload` is called: the module map makes both one request).
 */
export function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K): Preloadable<PropsOf<M[K]>> {
  const component = lazy(async () => ({ default: (await load())[name] as ComponentType<PropsOf<M[K]>> }));
  return Object.assign(component, { preload: load });
}
