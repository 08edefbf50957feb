import LinearProgress from '@mui/material/LinearProgress';

/** A thin bar at the very top while a lazy page or the session loads (no text: it may run before i18n). */
export function PageProgress() {
  return (
    <LinearProgress
      aria-label="Loading"
      sx={(theme) => ({ position: 'fixed', top: 0, left: 0, right: 0, zIndex: theme.zIndex.appBar + 1, height: 3 })}
    />
  );
}
