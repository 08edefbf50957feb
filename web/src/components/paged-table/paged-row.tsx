import { createContext, useContext, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { SxProps, Theme } from '@mui/material/styles';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import type { PagedColumn } from './paged-table';

/** One cell of a row, by its column's key. */
export interface RowCell {
  content: ReactNode;
  sx?: SxProps<Theme>;
  testId?: string;
}

/** Which columns a PagedTable shows at this width, and which fold into each row's details. */
export interface PagedLayout {
  shown: readonly PagedColumn[];
  folded: readonly PagedColumn[];
}

export const PagedLayoutContext = createContext<PagedLayout>({ shown: [], folded: [] });

/**
 * A row of a PagedTable: a cell per shown column; the columns folded at this width (a phone's)
 * are the row's details, opened by the button at its start, each under its column's name.
 */
export function PagedRow({
  cells,
  testId,
  rowProps,
}: {
  cells: Readonly<Record<string, RowCell>>;
  testId?: string;
  /** Further props of the row (`data-*`). */
  rowProps?: Record<string, string | number | undefined>;
}) {
  const { t } = useTranslation('common');
  const { shown, folded } = useContext(PagedLayoutContext);
  const [open, setOpen] = useState(false);
  const foldedCells = folded.filter((column) => cells[column.key] !== undefined);
  return (
    <>
      <TableRow hover data-testid={testId} {...rowProps} sx={open ? { '& > td': { borderBottom: 0 } } : undefined}>
        {folded.length > 0 && (
          <TableCell padding="checkbox" sx={{ pl: 0.5 }}>
            <IconButton
              size="small"
              aria-expanded={open}
              aria-label={t('rowDetails')}
              onClick={() => setOpen((was) => !was)}
              data-testid="row-details-toggle"
            >
              <ExpandMoreIcon
                fontSize="small"
                sx={{ transition: 'transform 150ms', transform: open ? 'rotate(180deg)' : undefined }}
              />
            </IconButton>
          </TableCell>
        )}
        {shown.map((column) => {
          const cell = cells[column.key];
          return (
            <TableCell key={column.key} align={column.align} sx={cell?.sx} data-testid={cell?.testId}>
              {cell?.content}
            </TableCell>
          );
        })}
      </TableRow>
      {open && foldedCells.length > 0 && (
        <TableRow data-testid="row-details">
          <TableCell colSpan={shown.length + 1} sx={{ pt: 0 }}>
            <Box component="dl" sx={{ m: 0, pl: 5, display: 'grid', gap: 1 }}>
              {foldedCells.map((column) => {
                const cell = cells[column.key] as RowCell;
                return (
                  <div key={column.key}>
                    <Box component="dt" sx={{ typography: 'caption', color: 'text.secondary' }}>
                      {column.label}
                    </Box>
                    <Box
                      component="dd"
                      sx={{ m: 0, typography: 'body2', overflowWrap: 'anywhere' }}
                      data-testid={cell.testId}
                    >
                      {cell.content}
                    </Box>
                  </div>
                );
              })}
            </Box>
          </TableCell>
        </TableRow>
      )}
    </>
  );
}
