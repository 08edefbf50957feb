import { create } from 'zustand';
import type { MappedError } from './errors';

interface ErrorReportState {
  /** The error whose report dialog is open. */
  error: MappedError | null;
  open: (error: MappedError) => void;
  close: () => void;
}

export const useErrorReportStore = create<ErrorReportState>()((set) => ({
  error: null,
  open: (error) => set({ error }),
  close: () => set({ error: null }),
}));
