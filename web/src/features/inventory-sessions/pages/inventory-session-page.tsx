import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ListIcon from '@mui/icons-material/FormatListBulleted';
import SearchOffOutlinedIcon from '@mui/icons-material/SearchOffOutlined';
import {
  acceptsSessionReads,
  type InventoryOutcome,
  type InventorySessionFull,
  type SessionLocationResult,
} from '@tagtrack/contract';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { isApiError } from '../../../lib/api-client';
import { formatTimestamp } from '../../../lib/format-timestamp';
import { useSessionFull } from '../api/sessions';
import { SessionStatusChip } from '../components/session-status-chip';
import { useSessionActions, ACTION_LABEL } from '../components/use-session-actions';
import { ACTION_ICONS } from './inventory-sessions-page';

/** While handhelds count (pending, reopened) the session refreshes every 5 s. */
export const COUNTING_REFRESH_MS = 5_000;
const OUTCOME_COLOURS: Record<InventoryOutcome, string> = {
  found: 'success.main',
  missing: 'error.main',
  unexpected: 'warning.dark',
};
const COUNT_KEYS = ['expected', 'found', 'missing', 'unexpected'] as const;

/** The session's totals over its locations. */
export function sessionTotals(session: Pick<InventorySessionFull, 'results'>) {
  return Object.fromEntries(
    COUNT_KEYS.map((key) => [key, session.results.reduce((sum, place) => sum + place[key], 0)]),
  ) as Record<(typeof COUNT_KEYS)[number], number>;
}

function Counts({ counts, testId }: { counts: Record<(typeof COUNT_KEYS)[number], number>; testId: string }) {
  const { t } = useTranslation('inventorySessions');
  return (
    <Stack direction="row" spacing={3} data-testid={testId}>
      {COUNT_KEYS.map((key) => (
        <Box key={key} data-testid={`${testId}-${key}`} data-count={counts[key]}>
          <Typography variant="caption" color="text.secondary">
            {t(key)}
          </Typography>
          <Typography
            variant="h6"
            sx={{ color: key === 'expected' ? 'text.primary' : OUTCOME_COLOURS[key], lineHeight: 1.2 }}
          >
            {counts[key]}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}

function LocationResult({ place }: { place: SessionLocationResult }) {
  const { t } = useTranslation('inventorySessions');
  const productName = (name: string | null, sku: string | null) => name || sku || t('unknownProduct');
  return (
    <Card variant="outlined" data-testid="session-location" data-location={place.uuid}>
      <CardContent>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'space-between', alignItems: { md: 'center' }, mb: 2 }}
        >
          <Typography variant="h6" component="h2">
            {place.name}
          </Typography>
          <Counts counts={place} testId="location-counts" />
        </Stack>
        {place.items_total === 0 ? (
          <Typography color="text.secondary">{t('noItems')}</Typography>
        ) : (
          <>
            <Table size="small" aria-label={t('productsOf', { location: place.name })}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('product')}</TableCell>
                  {COUNT_KEYS.map((key) => (
                    <TableCell key={key} align="right">
                      {t(key)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {place.products.map((p) => (
                  <TableRow key={`${p.product_sku ?? ''}|${p.product_name ?? ''}`} data-testid="session-product-row">
                    <TableCell>{productName(p.product_name, p.product_sku)}</TableCell>
                    {COUNT_KEYS.map((key) => (
                      <TableCell key={key} align="right">
                        {p[key]}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <Accordion disableGutters variant="outlined" sx={{ mt: 2 }}>
              <AccordionSummary expandIcon={<ExpandMoreIcon />} data-testid="session-items-toggle">
                {t('tags', { count: place.items_total })}
              </AccordionSummary>
              <AccordionDetails>
                {place.items.length < place.items_total && (
                  <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                    {t('itemsCapped', { shown: place.items.length, total: place.items_total })}
                  </Typography>
                )}
                <Table size="small" aria-label={t('tagsOf', { location: place.name })}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('epc')}</TableCell>
                      <TableCell>{t('product')}</TableCell>
                      <TableCell>{t('outcome')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {place.items.map((item) => (
                      <TableRow
                        key={item.epc}
                        data-testid="session-item"
                        data-epc={item.epc}
                        data-outcome={item.outcome}
                      >
                        <TableCell sx={{ fontFamily: 'monospace' }}>{item.epc}</TableCell>
                        <TableCell>{productName(item.product_name, item.product_sku)}</TableCell>
                        <TableCell sx={{ color: OUTCOME_COLOURS[item.outcome], fontWeight: 600 }}>
                          {t(item.outcome)}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </AccordionDetails>
            </Accordion>
          </>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * inventory/inventory-session/:hash (03 §2): the hash large for handheld users, the status, per
 * location the expected, found, missing and unexpected items by product with the tag lists, and the
 * actions of the status (Suspend, Confirm saying what will change, Resume, Abandon).
 */
export function InventorySessionPage() {
  const { t } = useTranslation(['inventorySessions', 'menu', 'common']);
  const { hash = '' } = useParams();
  const query = useSessionFull(hash, (data) =>
    data && acceptsSessionReads(data.status) ? COUNTING_REFRESH_MS : false,
  );
  const actions = useSessionActions();
  const session = query.data;
  const totals = session ? sessionTotals(session) : null;

  return (
    <>
      <PageHeader
        title={t('sessionTitle', { hash: session?.hash ?? hash.toUpperCase() })}
        breadcrumbs={[
          { label: t('menu:inventory'), to: '/inventory' },
          { label: t('title'), to: '/inventory/inventory-session' },
        ]}
        actions={
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
            <Button
              component={RouterLink}
              to="/inventory/inventory-session"
              startIcon={<ListIcon />}
              data-testid="session-list-button"
            >
              {t('sessionsButton')}
            </Button>
            {session?.allowed_actions.map((action) => (
              <Button
                key={action}
                variant={action === 'confirm' ? 'contained' : 'outlined'}
                color={action === 'abandon' ? 'error' : 'primary'}
                startIcon={ACTION_ICONS[action]}
                disabled={actions.busy}
                onClick={() => actions.run(session, action, totals ?? undefined)}
                data-testid={`session-action-${action}`}
              >
                {t(ACTION_LABEL[action])}
              </Button>
            ))}
          </Stack>
        }
      />
      {query.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress />
        </Box>
      ) : isApiError(query.error) && query.error.status === 404 ? (
        <Box sx={{ py: 6 }} data-testid="session-not-found">
          <EmptyState icon={<SearchOffOutlinedIcon />} title={t('sessionNotFound')} text={t('sessionNotFoundText')} />
          <Box sx={{ textAlign: 'center', mt: 3 }}>
            <Button component={RouterLink} to="/inventory/inventory-session" variant="contained">
              {t('backToSessions')}
            </Button>
          </Box>
        </Box>
      ) : query.isError || !session || !totals ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              {t('common:retry')}
            </Button>
          }
        >
          {t('loadSessionFailed')}
        </Alert>
      ) : (
        <Stack spacing={2}>
          <Card variant="outlined">
            <CardContent>
              <Stack
                direction={{ xs: 'column', md: 'row' }}
                spacing={3}
                sx={{ justifyContent: 'space-between', alignItems: { md: 'center' } }}
              >
                <Box>
                  <Typography variant="overline" color="text.secondary">
                    {t('hashHint')}
                  </Typography>
                  <Typography
                    variant="h3"
                    component="p"
                    sx={{
                      fontFamily: 'monospace',
                      fontWeight: 700,
                      letterSpacing: 4,
                      fontSize: { xs: '2rem', md: '2.75rem' },
                    }}
                    data-testid="session-hash"
                  >
                    {session.hash}
                  </Typography>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1, flexWrap: 'wrap' }}>
                    <SessionStatusChip status={session.status} size="medium" />
                    <Typography variant="body2" color="text.secondary">
                      {session.created_by__username
                        ? t('createdBy', {
                            time: formatTimestamp(session.created_at),
                            user: session.created_by__username,
                          })
                        : t('createdAt', { time: formatTimestamp(session.created_at) })}
                    </Typography>
                    {session.confirmed_at && (
                      <Typography variant="body2" color="text.secondary">
                        {t('confirmedAt', { time: formatTimestamp(session.confirmed_at) })}
                      </Typography>
                    )}
                  </Stack>
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="session-reads">
                    {acceptsSessionReads(session.status)
                      ? t('readsCounting', { count: session.read_count })
                      : t('reads', { count: session.read_count })}
                  </Typography>
                </Box>
                <Counts counts={totals} testId="session-counts" />
              </Stack>
            </CardContent>
          </Card>
          {session.results.map((place) => (
            <LocationResult key={place.uuid} place={place} />
          ))}
        </Stack>
      )}
      {actions.dialog}
    </>
  );
}
