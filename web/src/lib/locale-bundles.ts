import type { BackendModule, ResourceKey } from 'i18next';

/**
 * Where a language's translations are, all namespaces in one file: the build (and `vite dev`) makes
 * it from public/locales/<lng>/<namespace>.json (see vite.config.ts), the files translators edit.
 */
export const localeBundlePath = (language: string) => `/locales/${language}.json`;

const bundles = new Map<string, Promise<Record<string, ResourceKey>>>();

function loadBundle(language: string): Promise<Record<string, ResourceKey>> {
  let bundle = bundles.get(language);
  if (!bundle) {
    bundle = fetch(localeBundlePath(language)).then(async (response) => {
      if (!response.ok) {
        const error = new Error(`failed loading ${localeBundlePath(language)}; status code: ${response.status}`);
        throw Object.assign(error, { status: response.status });
      }
      return (await response.json()) as Record<string, ResourceKey>;
    });
    // A failed download is asked for again on i18next's next try, not remembered.
    bundle.catch(() => bundles.delete(language));
    bundles.set(language, bundle);
  }
  return bundle;
}

/**
 * An i18next backend that fetches each language once, one request for all its namespaces rather
 * than one per namespace (28 round trips on a slow network). i18next retries a failed read when
 * told it may: after a network failure or a 5xx, not a 4xx.
 */
export const localeBundleBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init: () => undefined,
  read(language, namespace, callback) {
    loadBundle(language).then(
      (bundle) => callback(null, bundle[namespace] ?? {}),
      (error: unknown) => {
        const status = (error as { status?: number }).status;
        callback(String(error), status === undefined || status >= 500);
      },
    );
  },
};
