import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import {
  DEFAULT_LANGUAGE,
  DEFAULT_TABLE_DENSITY,
  TABLE_DENSITIES,
  isLanguageCode,
  type LanguageCode,
  type TableDensity,
  type TokenPair,
} from '@tagtrack/contract';
import { CLIENT_STORE_KEY } from './config';

interface PersistedState {
  access: string | null;
  refresh: string | null;
  density: TableDensity;
  language: LanguageCode;
}

export interface ClientState extends PersistedState {
  setTokens: (pair: TokenPair) => void;
  clearTokens: () => void;
  setDensity: (density: TableDensity) => void;
  setLanguage: (language: LanguageCode) => void;
}

const initial: PersistedState = {
  access: null,
  refresh: null,
  density: DEFAULT_TABLE_DENSITY,
  language: DEFAULT_LANGUAGE,
};

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
  };
}

/** Client-side state kept across reloads: tokens, table density and interface language. */
export const useClientStore = create<ClientState>()(
  persist(
    (set) => ({
      ...initial,
      setTokens: ({ access, refresh }) => set({ access, refresh }),
      clearTokens: () => set({ access: null, refresh: null }),
      setDensity: (density) => set({ density }),
      setLanguage: (language) => set({ language }),
    }),
    {
      name: CLIENT_STORE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ access, refresh, density, language }) => ({ access, refresh, density, language }),
      merge: (stored, current) => ({ ...current, ...sanitize(stored) }),
    },
  ),
);

export function useIsSignedIn(): boolean {
  return useClientStore((s) => s.access !== null);
}
