import Chip from '@mui/material/Chip';
import type { Role } from '@tagtrack/contract';
import { useRoleLabel } from '../lib/use-role-label';

const ROLE_COLOR = {
  administrator: 'primary',
  operator: 'info',
  viewer: 'default',
  application: 'secondary',
} as const satisfies Record<Role, string>;

/** A user's role as a small chip, one colour per role, the same in every list. */
export function RoleChip({ role, testId }: { role: Role | undefined; testId?: string }) {
  const label = useRoleLabel();
  if (!role) return null;
  return (
    <Chip
      size="small"
      variant={role === 'viewer' ? 'outlined' : 'filled'}
      color={ROLE_COLOR[role]}
      label={label(role)}
      data-testid={testId}
    />
  );
}
