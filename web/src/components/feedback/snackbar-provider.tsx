import { Suspense, createContext, useContext, useState, type ReactNode } from 'react';
import type { OptionsObject, SnackbarKey } from 'notistack';
import { lazyNamed } from '../../lib/lazy-named';

/** What the host (notistack, in a chunk of its own) does for the provider: show and close snackbars. */
export interface SnackbarHostApi {
  enqueue: (message: string, options: OptionsObject & { key: SnackbarKey }) => void;
  close: (key?: SnackbarKey) => void;
}

/** The snackbars of one provider, as useNotify and the close buttons use them. */
export interface Snackbars {
  /** Shows the message unless the same one is showing or waiting already. */
  show: (message: string, options: OptionsObject) => void;
  close: (key: SnackbarKey) => void;
}

const SnackbarsContext = createContext<Snackbars | null>(null);

/** The snackbars of the nearest provider (null outside one: nothing is then shown). */
export function useSnackbars(): Snackbars | null {
  return useContext(SnackbarsContext);
}

/** notistack and the snackbars' look: fetched with the first message, not with the first page. */
const SnackbarHost = lazyNamed(() => import('./snackbar-host'), 'SnackbarHost');

/**
 * One provider's snackbars. A duplicate is judged against the messages showing or waiting only:
 * notistack's own `preventDuplicate` also counts a snackbar on its way out, so the same message
 * sent again while the last one faded (a second user created, say) was swallowed and nothing
 * showed. Messages sent before the host has loaded wait for it.
 */
function createSnackbars(needHost: () => void) {
  const shown = new Map<SnackbarKey, string>();
  let host: SnackbarHostApi | null = null;
  let waiting: [string, OptionsObject & { key: SnackbarKey }][] = [];
  let counter = 0;
  const snackbars: Snackbars = {
    show: (message, options) => {
      if ([...shown.values()].includes(message)) return;
      counter += 1;
      const key = options.key ?? `snackbar-${counter}`;
      shown.set(key, message);
      if (host) host.enqueue(message, { ...options, key });
      else {
        waiting.push([message, { ...options, key }]);
        needHost();
      }
    },
    close: (key) => {
      if (host) host.close(key);
      else {
        waiting = waiting.filter(([, options]) => options.key !== key);
        shown.delete(key);
      }
    },
  };
  return {
    snackbars,
    attach: (api: SnackbarHostApi) => {
      host = api;
      for (const [message, options] of waiting) api.enqueue(message, options);
      waiting = [];
    },
    /** notistack closed `key` (none: all of them). */
    forget: (key: SnackbarKey | undefined) => (key === undefined ? shown.clear() : void shown.delete(key)),
  };
}

/** Snackbars (spec 03 §9): at most 3, 3 s unless the spec names 10 s, duplicates of one still showing suppressed. */
export function SnackbarProvider({ children }: { children: ReactNode }) {
  const [hostNeeded, setHostNeeded] = useState(false);
  const [{ snackbars, attach, forget }] = useState(() => createSnackbars(() => setHostNeeded(true)));
  return (
    <SnackbarsContext.Provider value={snackbars}>
      {children}
      {hostNeeded && (
        <Suspense fallback={null}>
          <SnackbarHost onReady={attach} onClose={forget} />
        </Suspense>
      )}
    </SnackbarsContext.Provider>
  );
}
