import i18next from 'i18next';
import LinearProgress from '@mui/material/LinearProgress';

/**
 * A thin bar at the very top while a lazy page or the session loads. It is a Suspense fallback,
 * so it reads i18next directly: a translation hook could suspend inside the fallback itself.
 */
export function PageProgress() {
  return (
    <LinearProgress
      aria-label={i18next.t('common:loading')}
      sx={(theme) => ({ position: 'fixed', top: 0, left: 0, right: 0, zIndex: theme.zIndex.appBar + 1, height: 3 })}
    />
  );
}
