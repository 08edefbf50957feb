import { useTranslation } from 'react-i18next';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import LockIcon from '@mui/icons-material/LockOutlined';
import RemoveIcon from '@mui/icons-material/RemoveCircleOutlined';
import type { ReportColumn } from '@tagtrack/contract';
import { CODE_FIELD, isRequiredColumn, moveColumn } from '../../model/report-columns';

function ColumnRow({
  column,
  onRemove,
  required: requiredKeys,
}: {
  column: ReportColumn;
  onRemove: () => void;
  required?: readonly string[];
}) {
  const { t } = useTranslation('reports');
  const fixed = column.headerKey === CODE_FIELD;
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: column.headerKey,
    disabled: fixed,
  });
  const required = isRequiredColumn(column.headerKey, requiredKeys);
  return (
    <ListItem
      ref={setNodeRef}
      divider
      data-testid={`report-column-${column.headerKey}`}
      sx={{
        transform: CSS.Transform.toString(transform),
        transition,
        bgcolor: 'background.paper',
        zIndex: isDragging ? 1 : undefined,
      }}
      secondaryAction={
        <IconButton
          edge="end"
          disabled={required}
          onClick={onRemove}
          aria-label={t('removeColumn', { name: column.header })}
        >
          {required ? <LockIcon /> : <RemoveIcon />}
        </IconButton>
      }
    >
      <IconButton
        size="small"
        disabled={fixed}
        aria-label={t('dragColumn', { name: column.header })}
        sx={{ mr: 1, cursor: fixed ? 'default' : 'grab', touchAction: 'none' }}
        {...attributes}
        {...listeners}
      >
        <DragIndicatorIcon fontSize="small" />
      </IconButton>
      <ListItemText primary={column.header} secondary={required ? t('columnRequired') : undefined} />
    </ListItem>
  );
}

/**
 * The report's columns: code first and required, the others reordered by drag and drop (or the
 * keyboard), removed, or added from those not shown.
 */
export function ColumnsEditor({
  columns,
  choices,
  onChange,
  onRemove,
  required,
}: {
  columns: readonly ReportColumn[];
  /** Every column the report may show, with its header. */
  choices: readonly ReportColumn[];
  onChange: (columns: ReportColumn[]) => void;
  onRemove: (key: string) => void;
  /** The columns that cannot be removed (code for item reports). */
  required?: readonly string[];
}) {
  const { t } = useTranslation('reports');
  const sensors = useSensors(
    useSensor(PointerSensor),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const shown = new Set(columns.map((c) => c.headerKey));
  const free = choices.filter((c) => !shown.has(c.headerKey));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over) onChange(moveColumn(columns, String(active.id), String(over.id)));
  };
  return (
    <>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={columns.map((c) => c.headerKey)} strategy={verticalListSortingStrategy}>
          <List dense disablePadding data-testid="report-columns">
            {columns.map((column) => (
              <ColumnRow
                key={column.headerKey}
                column={column}
                required={required}
                onRemove={() => onRemove(column.headerKey)}
              />
            ))}
          </List>
        </SortableContext>
      </DndContext>
      <TextField
        select
        size="small"
        label={t('addColumn')}
        value=""
        disabled={free.length === 0}
        onChange={(event) => {
          const column = free.find((c) => c.headerKey === event.target.value);
          if (column) onChange([...columns, column]);
        }}
        sx={{ mt: 2, minWidth: 260 }}
        slotProps={{ htmlInput: { 'data-testid': 'add-report-column' } }}
      >
        {free.map((c) => (
          <MenuItem key={c.headerKey} value={c.headerKey}>
            {c.header}
          </MenuItem>
        ))}
      </TextField>
    </>
  );
}
