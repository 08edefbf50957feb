import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import {
  DEFAULT_LANGUAGE,
  DEFAULT_POLLING_MS,
  DEFAULT_TABLE_DENSITY,
  POLLING_INTERVALS_MS,
  POLLING_VIEWS,
  TABLE_DENSITIES,
  isLanguageCode,
  type LanguageCode,
  type PollingView,
  type TableDensity,
  type TokenPair,
} from '@tagtrack/contract';
import { CLIENT_STORE_KEY } from './config';

interface PersistedState {
  access: string | null;
  refresh: string | null;
  density: TableDensity;
  language: LanguageCode;
  /** Auto-refresh interval per view, in milliseconds (0 = off). */
  polling: Record<PollingView, number>;
}

export interface ClientState extends PersistedState {
  setTokens: (pair: TokenPair) => void;
  clearTokens: () => void;
  setDensity: (density: TableDensity) => void;
  setLanguage: (language: LanguageCode) => void;
  setPolling: (view: PollingView, ms: number) => void;
}

const initial: PersistedState = {
  access: null,
  refresh: null,
  density: DEFAULT_TABLE_DENSITY,
  language: DEFAULT_LANGUAGE,
  polling: DEFAULT_POLLING_MS,
};

function sanitizePolling(value: unknown): Record<PollingView, number> {
  const stored = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const polling = { ...DEFAULT_POLLING_MS };
  for (const view of POLLING_VIEWS) {
    const ms = stored[view];
    if (typeof ms === 'number' && (POLLING_INTERVALS_MS as readonly number[]).includes(ms)) polling[view] = ms;
  }
  return polling;
}

function isDensity(value: unknown): value is TableDensity {
  return typeof value === 'string' && (TABLE_DENSITIES as readonly string[]).includes(value);
}

/** Reads back only well-formed values: localStorage is user-editable and may hold an older shape. */
function sanitize(stored: unknown): Partial<PersistedState> {
  if (typeof stored !== 'object' || stored === null) return {};
  const s = stored as Record<string, unknown>;
  const tokens =
    typeof s.access === 'string' && typeof s.refresh === 'string' ? { access: s.access, refresh: s.refresh } : {};
  return {
    ...tokens,
    ...(isDensity(s.density) ? { density: s.density } : {}),
    ...(isLanguageCode(s.language) ? { language: s.language } : {}),
    polling: sanitizePolling(s.polling),
  };
}

/** Client-side state kept across reloads: tokens, table density, interface language and polling per view. */
export const useClientStore = create<ClientState>()(
  persist(
    (set) => ({
      ...initial,
      setTokens: ({ access, refresh }) => set({ access, refresh }),
      clearTokens: () => set({ access: null, refresh: null }),
      setDensity: (density) => set({ density }),
      setLanguage: (language) => set({ language }),
      setPolling: (view, ms) => set((state) => ({ polling: { ...state.polling, [view]: ms } })),
    }),
    {
      name: CLIENT_STORE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ access, refresh, density, language, polling }) => ({
        access,
        refresh,
        density,
        language,
        polling,
      }),
      merge: (stored, current) => ({ ...current, ...sanitize(stored) }),
    },
  ),
);

export function useIsSignedIn(): boolean {
  return useClientStore((s) => s.access !== null);
}
