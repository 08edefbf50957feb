import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_READER_APP, HANDHELD_KIND, type ReaderKind } from '@tagtrack/contract';
import { useNotify } from '../../../components/feedback/use-notify';
import { isApiError } from '../../../lib/api-client';
import { useFetchReaderApps } from '../api/fetch-reader-apps';
import { useFetchReaderKinds } from '../api/fetch-reader-kinds';
import { useReaderApps } from '../api/list-reader-apps';
import { useReaderKinds } from '../api/list-reader-kinds';

const isGatewayError = (error: unknown) => isApiError(error) && error.payload?.type === 'GatewayError';

/** The type list needs the gateway when it is empty, lacks Handheld, or holds nothing but Handheld (02 §4 Reader flows). */
export function kindsNeedUpdate(kinds: readonly ReaderKind[]): boolean {
  return (
    kinds.length === 0 ||
    !kinds.some((kind) => kind.name === HANDHELD_KIND) ||
    kinds.every((kind) => kind.name === HANDHELD_KIND)
  );
}

/**
 * The reader types, for the configuration form and the reader forms. A list missing what the spec
 * expects (02 §4 Reader flows) asks the gateway once to update it; the list is then read again.
 */
export function useEnsuredReaderKinds() {
  const { t } = useTranslation('readerConfigurations');
  const notify = useNotify();
  const kinds = useReaderKinds();
  const fetchKinds = useFetchReaderKinds();
  const asked = useRef(false);
  const updateKinds = fetchKinds.mutate;

  useEffect(() => {
    if (!kinds.data || asked.current || !kindsNeedUpdate(kinds.data.results)) return;
    asked.current = true;
    updateKinds(undefined, {
      onError: (error) =>
        notify.error(isGatewayError(error) ? t('kindGatewayFailed') : t('kindUpdateFailed'), error, {
          withDetail: true,
        }),
    });
  }, [kinds.data, updateKinds, notify, t]);

  return { query: kinds, updating: fetchKinds.isPending };
}

/**
 * Reader types and apps for the configuration form. A list missing what the spec expects asks
 * the gateway once to update it; `refreshApps` is the app dropdown's fetch button.
 */
export function useReaderCatalogue() {
  const { t } = useTranslation('readerConfigurations');
  const notify = useNotify();
  const kinds = useEnsuredReaderKinds();
  const apps = useReaderApps();
  const fetchApps = useFetchReaderApps();
  const asked = useRef({ apps: false });
  const updateApps = fetchApps.mutate;

  useEffect(() => {
    if (!apps.data || asked.current.apps || apps.data.results.some((app) => app.name === DEFAULT_READER_APP)) return;
    asked.current.apps = true;
    updateApps(undefined, {
      onError: (error) =>
        notify.error(isGatewayError(error) ? t('appGatewayFailed') : t('appUpdateFailed'), error, { withDetail: true }),
    });
  }, [apps.data, updateApps, notify, t]);

  const refreshApps = async () => {
    try {
      await fetchApps.mutateAsync();
      notify.success(t('appFetched'));
    } catch (error) {
      notify.error(isGatewayError(error) ? t('appGatewayFailed') : t('appUpdateFailed'), error, { withDetail: true });
    }
  };

  return {
    kinds: kinds.query.data?.results,
    apps: apps.data?.results,
    kindsLoading: kinds.query.isPending || kinds.updating,
    appsLoading: apps.isPending || fetchApps.isPending,
    refreshApps,
  };
}
