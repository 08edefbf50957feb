import { useEffect } from 'react';

/** Sets the browser tab's title for a signed-out page: "<page> · Tagtrack". */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = `${title} · Tagtrack`;
  }, [title]);
}
