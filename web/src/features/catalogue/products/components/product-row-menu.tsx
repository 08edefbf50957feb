import { useTranslation } from 'react-i18next';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import { RowActionMenu } from '../../../../components/row-action-menu';

/** A product row's menu: Edit and View Details (the whole menu is disabled for Unassigned, saying why). */
export function ProductRowMenu({
  label,
  disabled,
  onEdit,
  onDetails,
}: {
  label: string;
  disabled: boolean;
  onEdit: () => void;
  onDetails: () => void;
}) {
  const { t } = useTranslation(['products', 'validation']);
  return (
    <RowActionMenu<'edit' | 'details'>
      label={label}
      testId="product-row-menu"
      disabledReason={disabled ? t('validation:unassignedProductLocked') : null}
      onAction={(action) => (action === 'edit' ? onEdit() : onDetails())}
      items={[
        {
          action: 'edit',
          icon: <EditOutlinedIcon fontSize="small" />,
          label: t('menuEdit'),
          testId: 'product-menu-edit',
        },
        {
          action: 'details',
          icon: <InfoOutlinedIcon fontSize="small" />,
          label: t('menuDetails'),
          testId: 'product-menu-details',
        },
      ]}
    />
  );
}
