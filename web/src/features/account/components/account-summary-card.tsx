import { useTranslation } from 'react-i18next';
import Avatar from '@mui/material/Avatar';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CurrentUser } from '@tagtrack/contract';
import { InfoList } from '../../../components/info-list';
import { useRoleLabel } from '../../../lib/use-role-label';

/** Who the user is: name, username, roles, management groups and company (read-only). */
export function AccountSummaryCard({ me }: { me: CurrentUser }) {
  const { t } = useTranslation(['profile', 'common']);
  const roleLabel = useRoleLabel();
  const fullName = [me.first_name, me.last_name].filter(Boolean).join(' ');
  const initials = (`${me.first_name.charAt(0)}${me.last_name.charAt(0)}` || me.username.slice(0, 2)).toUpperCase();

  return (
    <Card>
      <CardContent sx={{ p: 3 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
          <Avatar sx={{ width: 56, height: 56, bgcolor: 'primary.main', fontSize: '1.25rem' }}>{initials}</Avatar>
          <div>
            <Typography variant="h2" component="h2">
              {fullName || me.username}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {me.customer_name}
            </Typography>
          </div>
        </Stack>
        <InfoList
          items={[
            { label: t('username'), value: me.username, testId: 'profile-username' },
            {
              label: t('roles'),
              value: (
                <Stack direction="row" spacing={0.75} useFlexGap sx={{ flexWrap: 'wrap' }}>
                  {me.roles.map((role) => (
                    <Chip key={role} size="small" color="primary" variant="outlined" label={roleLabel(role)} />
                  ))}
                </Stack>
              ),
            },
            {
              label: t('managementGroups'),
              value:
                me.management_groups.length > 0 ? (
                  <Stack direction="row" spacing={0.75} useFlexGap sx={{ flexWrap: 'wrap' }}>
                    {me.management_groups.map((group) => (
                      <Chip key={group} size="small" label={group} />
                    ))}
                  </Stack>
                ) : (
                  <Typography component="span" variant="body2" color="text.secondary">
                    {t('noGroups')}
                  </Typography>
                ),
            },
            { label: t('customer'), value: me.customer_name },
          ]}
        />
      </CardContent>
    </Card>
  );
}
