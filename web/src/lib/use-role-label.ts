import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Role } from '@tagtrack/contract';

const ROLE_LABEL = {
  administrator: 'roleAdministrator',
  operator: 'roleOperator',
  viewer: 'roleViewer',
  application: 'roleApplication',
} as const satisfies Record<Role, string>;

/** A role's name in the interface language. */
export function useRoleLabel(): (role: Role) => string {
  const { t } = useTranslation('common');
  return useCallback((role: Role) => t(ROLE_LABEL[role]), [t]);
}
