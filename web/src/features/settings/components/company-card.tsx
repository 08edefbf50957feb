import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Skeleton from '@mui/material/Skeleton';
import type { Customer } from '@tagtrack/contract';
import { CompanyLogo } from '../../../components/company-logo';
import { InfoList } from '../../../components/info-list';

/** The company: its name and logo (the Tagtrack logo when it has none). */
export function CompanyCard({ customer }: { customer: Customer | undefined }) {
  const { t } = useTranslation('settings');
  return (
    <Card sx={{ height: '100%' }}>
      <CardHeader title={t('company')} />
      <CardContent sx={{ pt: 1 }}>
        <Box
          sx={{
            display: 'grid',
            placeItems: 'center',
            height: 112,
            mb: 2,
            borderRadius: 2,
            bgcolor: 'grey.50',
            border: 1,
            borderColor: 'divider',
          }}
        >
          {customer ? (
            <CompanyLogo src={customer.logo} alt={customer.name} height={56} maxWidth={240} />
          ) : (
            <Skeleton variant="rounded" width={160} height={40} />
          )}
        </Box>
        <InfoList
          items={[
            {
              label: t('companyName'),
              value: customer?.name ?? <Skeleton width={120} />,
              testId: 'settings-company-name',
            },
            {
              label: t('logo'),
              value: customer ? customer.logo ? t('logoCustom') : t('logoDefault') : <Skeleton width={80} />,
            },
          ]}
        />
      </CardContent>
    </Card>
  );
}
