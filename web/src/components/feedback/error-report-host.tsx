import { Suspense, useState } from 'react';
import { useErrorReportStore } from '../../lib/error-report-store';
import { lazyNamed } from '../../lib/lazy-named';

/** The dialog and its form are a chunk of their own: most sessions never report an error. */
const ErrorReportDialog = lazyNamed(() => import('./error-report-dialog'), 'ErrorReportDialog');

/**
 * Where the report dialog lives (once, in the providers): it is fetched when a report is first
 * asked for and stays mounted from then on, so it opens and closes as before.
 */
export function ErrorReportHost() {
  const asked = useErrorReportStore((s) => s.error !== null);
  const [needed, setNeeded] = useState(asked);
  if (asked && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ErrorReportDialog />
    </Suspense>
  );
}
