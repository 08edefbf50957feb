import { useTranslation } from 'react-i18next';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import ContentCopyIcon from '@mui/icons-material/ContentCopyOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import { Can } from '../../../lib/permissions';
import type { ReportTarget, ReportWriteAction } from './use-report-actions';

const BUTTONS = [
  { action: 'edit', label: 'actionEdit', Icon: EditIcon },
  { action: 'duplicate', label: 'actionDuplicate', Icon: ContentCopyIcon },
  { action: 'delete', label: 'actionDelete', Icon: DeleteIcon },
] as const satisfies readonly { action: ReportWriteAction; label: string; Icon: unknown }[];

/** The edit, duplicate and delete icons of a report's page, for roles with report:write only (03 §6). */
export function ReportWriteButtons({
  report,
  disabled = false,
  onAction,
}: {
  report: ReportTarget | undefined;
  disabled?: boolean;
  onAction: (action: ReportWriteAction, report: ReportTarget) => void;
}) {
  const { t } = useTranslation('reports');
  return (
    <Can permission="report:write">
      {BUTTONS.map(({ action, label, Icon }) => (
        <Tooltip key={action} title={t(label)}>
          <span>
            <IconButton
              aria-label={t(label)}
              color={action === 'delete' ? 'error' : 'primary'}
              disabled={disabled || !report}
              onClick={() => report && onAction(action, report)}
              data-testid={`report-${action}`}
            >
              <Icon />
            </IconButton>
          </span>
        </Tooltip>
      ))}
    </Can>
  );
}
