import { useEffect } from 'react';

interface Entry {
  url: string;
  users: number;
}

const entries = new WeakMap<Blob, Entry>();

function entryFor(blob: Blob): Entry {
  let entry = entries.get(blob);
  if (!entry) {
    entry = { url: URL.createObjectURL(blob), users: 0 };
    entries.set(blob, entry);
  }
  return entry;
}

/**
 * An object URL for a Blob (an image fetched with the bearer token, a file chosen for upload),
 * shared by every component showing the same Blob and revoked once the last of them unmounts or
 * moves on to another Blob.
 */
export function useObjectUrl(blob: Blob | null | undefined): string | null {
  const url = blob ? entryFor(blob).url : null;
  useEffect(() => {
    if (!blob) return;
    const entry = entryFor(blob);
    entry.users += 1;
    return () => {
      entry.users -= 1;
      // Strict mode (and a quick re-render) takes the URL back at once: revoke only when nobody did.
      setTimeout(() => {
        if (entry.users === 0 && entries.get(blob) === entry) {
          URL.revokeObjectURL(entry.url);
          entries.delete(blob);
        }
      }, 0);
    };
  }, [blob]);
  return url;
}
