import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import UnfoldLessIcon from '@mui/icons-material/UnfoldLess';
import UnfoldMoreIcon from '@mui/icons-material/UnfoldMore';
import { SEARCH_DEBOUNCE_MS, SNACKBAR_DURATION_MS, leafLimitReached, type Location } from '@tagtrack/contract';
import { useNotify } from '../../../components/feedback/use-notify';
import { parentUuids } from '../../../shared/locations/location-tree-utils';
import { DisabledReason } from '../../../components/disabled-reason';
import { PageHeader } from '../../../components/page-header';
import { SearchField } from '../../../components/search-field';
import { Can, useCan } from '../../../lib/permissions';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useActivateLocation } from '../api/activate-location';
import { useDisableLocation } from '../api/disable-location';
import { useExportLocationsCsv } from '../api/export-locations-csv';
import { useLeafRemaining } from '../api/get-leaf-remaining';
import { useLocationTree } from '../api/get-location-tree';
import { DeleteLocationDialog } from '../components/location-dialogs/delete-location-dialog';
import { FloorPlanDialog } from '../components/location-dialogs/floor-plan-dialog';
import { LocationDetailsDialog } from '../components/location-dialogs/location-details-dialog';
import { LocationFormDialog, type LocationFormMode } from '../components/location-dialogs/location-form-dialog';
import { LocationTree } from '../components/location-tree';
import { useRouteExists } from '../components/use-route-exists';
import type { LocationAction, LocationMenuContext } from '../model/location-menu';
import { itemsInLocationPath } from '../components/floor-plan/item-list-link';

type OpenDialog =
  { kind: 'form'; mode: LocationFormMode } | { kind: 'delete' | 'floorPlan' | 'details'; location: Location };

/** Trees up to this many nodes open fully at first; larger ones show their roots' children. */
const OPEN_ALL_UP_TO = 200;

function countNodes(nodes: readonly Location[]): number {
  return nodes.reduce((sum, node) => sum + 1 + countNodes(node.children), 0);
}

function initiallyExpanded(roots: readonly Location[]): Set<string> {
  if (countNodes(roots) <= OPEN_ALL_UP_TO) return new Set(parentUuids(roots));
  return new Set(roots.map((root) => root.uuid));
}

function TreeSkeleton() {
  return (
    <Stack spacing={1} sx={{ p: 1 }} aria-hidden>
      {[0, 1, 1, 2, 2, 1, 0].map((depth, i) => (
        <Stack key={i} direction="row" spacing={1.5} sx={{ alignItems: 'center', pl: depth * 4 + 1 }}>
          <Skeleton variant="circular" width={20} height={20} />
          <Skeleton width={`${40 - depth * 6}%`} height={24} />
        </Stack>
      ))}
    </Stack>
  );
}

/** /location: the customer's location tree with search, export and the per-node actions. */
export function LocationTreePage() {
  const { t } = useTranslation(['locations', 'validation', 'common']);
  const notify = useNotify();
  const navigate = useNavigate();
  const canWrite = useCan('location:write');
  const routeExists = useRouteExists();
  const [search, setSearch] = useState('');
  const searchTerm = useDebouncedValue(search.trim().toLowerCase(), SEARCH_DEBOUNCE_MS);
  const full = useLocationTree();
  const searched = useLocationTree({ search: searchTerm || undefined });
  const leaf = useLeafRemaining();
  const activate = useActivateLocation();
  const disable = useDisableLocation();
  const exportCsv = useExportLocationsCsv();
  const [expandedState, setExpanded] = useState<Set<string> | null>(null);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);

  const roots = searched.data;
  const tree = full.data ?? [];
  const remaining = leaf.data?.leaf_locations_remaining ?? null;
  const searching = searchTerm !== '';
  const expanded = useMemo(() => {
    if (searching) return new Set(parentUuids(roots ?? []));
    return expandedState ?? initiallyExpanded(roots ?? []);
  }, [searching, roots, expandedState]);

  useEffect(() => {
    if (searched.error) notify.error(t('notifyLoadFailed'), searched.error);
  }, [searched.error, notify, t]);

  const toggle = useCallback(
    (uuid: string) => {
      const next = new Set(expanded);
      if (next.has(uuid)) next.delete(uuid);
      else next.add(uuid);
      setExpanded(next);
    },
    [expanded],
  );

  const setActive = async (location: Location, active: boolean) => {
    try {
      if (active) {
        await activate.mutateAsync(location.uuid);
        notify.success(t('notifyActivated'), { duration: SNACKBAR_DURATION_MS });
      } else {
        await disable.mutateAsync(location.uuid);
        notify.success(t('notifyDeactivated'));
      }
    } catch (error) {
      notify.error(active ? t('notifyActivateFailed') : t('notifyDisableFailed'), error, {
        withDetail: true,
        preferredFields: ['parent'],
      });
    }
  };

  const onAction = (action: LocationAction, node: Location) => {
    switch (action) {
      case 'add':
        return setDialog({ kind: 'form', mode: { kind: 'add', parent: node } });
      case 'edit':
        return setDialog({ kind: 'form', mode: { kind: 'edit', location: node } });
      case 'activate':
      case 'deactivate':
        return void setActive(node, action === 'activate');
      case 'delete':
      case 'floorPlan':
      case 'details':
        return setDialog({ kind: action, location: node });
      case 'images':
        return navigate(`/location/images/${node.uuid}`, { state: { locationName: node.name } });
      case 'items':
        return navigate(itemsInLocationPath(node.uuid));
      case 'inventory':
        return navigate(`/location/inventory/${node.uuid}`, { state: { locationName: node.name } });
    }
  };

  const onSaved = (saved: Location) => {
    // Open the new or moved location's parent, so the result is in view.
    if (saved.parent) setExpanded(new Set([...expanded, saved.parent]));
  };

  const exportFile = async () => {
    try {
      await exportCsv.mutateAsync();
      notify.success(t('notifyExported'));
    } catch (error) {
      notify.error(t('notifyExportFailed'), error);
    }
  };

  const menu: LocationMenuContext = { canWrite, routeExists, leafRemaining: remaining };
  const rootLimitReached = leafLimitReached(remaining, null);
  const addRootButton = (
    <Button
      variant="contained"
      startIcon={<AddIcon />}
      disabled={rootLimitReached}
      onClick={() => setDialog({ kind: 'form', mode: { kind: 'addRoot' } })}
      data-testid="add-root-location"
      sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
    >
      {t('addRoot')}
    </Button>
  );

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          <>
            <Button
              variant="outlined"
              startIcon={<DownloadIcon />}
              onClick={exportFile}
              loading={exportCsv.isPending}
              loadingPosition="start"
              data-testid="export-locations-csv"
              sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
            >
              {t('exportCsv')}
            </Button>
            <Can permission="location:write">
              <DisabledReason reason={rootLimitReached ? t('validation:leafLimitReached') : null}>
                {addRootButton}
              </DisabledReason>
            </Can>
          </>
        }
      />
      <Card>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ p: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
        >
          <SearchField
            label={t('searchLabel')}
            placeholder={t('searchPlaceholder')}
            value={search}
            onChange={setSearch}
            sx={{ maxWidth: { sm: 360 } }}
            testId="location-search"
          />
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            {remaining !== null && (
              <Typography
                variant="body2"
                color={remaining > 0 ? 'text.secondary' : 'warning.dark'}
                data-testid="leaf-remaining"
                sx={{ mr: 1 }}
              >
                {t('leafRemaining', { count: remaining })}
              </Typography>
            )}
            <Tooltip title={t('expandAll')}>
              <span>
                <IconButton
                  size="small"
                  aria-label={t('expandAll')}
                  disabled={searching}
                  onClick={() => setExpanded(new Set(parentUuids(roots ?? [])))}
                >
                  <UnfoldMoreIcon fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
            <Tooltip title={t('collapseAll')}>
              <span>
                <IconButton
                  size="small"
                  aria-label={t('collapseAll')}
                  disabled={searching}
                  onClick={() => setExpanded(new Set())}
                >
                  <UnfoldLessIcon fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
          </Stack>
        </Stack>
        <Divider />
        <Box sx={{ position: 'relative' }}>
          {searched.isFetching && !searched.isPending && (
            <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0, height: 2 }} />
          )}
          <Box sx={{ p: 1.5, minHeight: 240 }}>
            {searched.isPending ? (
              <TreeSkeleton />
            ) : searched.isError && !roots ? (
              <Alert
                severity="error"
                action={
                  <Button color="inherit" size="small" onClick={() => void searched.refetch()}>
                    {t('common:retry')}
                  </Button>
                }
              >
                {t('notifyLoadFailed')}
              </Alert>
            ) : roots && roots.length > 0 ? (
              <LocationTree roots={roots} expanded={expanded} onToggle={toggle} menu={menu} onAction={onAction} />
            ) : (
              <Box sx={{ py: 6, textAlign: 'center' }} data-testid="location-tree-empty">
                <Typography variant="h3" component="p">
                  {searching ? t('noMatches', { search: searchTerm }) : t('empty')}
                </Typography>
                {!searching && canWrite && (
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                    {t('emptyHint')}
                  </Typography>
                )}
              </Box>
            )}
          </Box>
        </Box>
      </Card>
      {dialog?.kind === 'form' && (
        <LocationFormDialog mode={dialog.mode} tree={tree} onClose={() => setDialog(null)} onSaved={onSaved} />
      )}
      {dialog?.kind === 'delete' && <DeleteLocationDialog location={dialog.location} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'floorPlan' && <FloorPlanDialog location={dialog.location} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'details' && (
        <LocationDetailsDialog location={dialog.location} tree={tree} onClose={() => setDialog(null)} />
      )}
    </>
  );
}
