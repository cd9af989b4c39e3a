import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Numbers align right. */
  numeric?: boolean;
  /** The column that names the row (a row header for screen readers). */
  rowHeader?: boolean;
  /** Keeps a wordy column readable on phones (the table scrolls sideways instead). */
  minWidth?: number;
}

export interface DataTableProps<T> {
  title: string;
  description?: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  emptyText: string;
}

/**
 * A titled card with a table. On narrow screens the table scrolls sideways inside a focusable
 * region (keyboard users can scroll it; axe asks for that).
 */
export function DataTable<T>({
  title,
  description,
  columns,
  rows,
  rowKey,
  emptyText,
}: DataTableProps<T>) {
  const titleId = useId();
  return (
    <Card component="section" aria-labelledby={titleId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={titleId} component="h2" variant="h6" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {description ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
          {description}
        </Typography>
      ) : null}
      {rows.length === 0 ? (
        <Typography sx={{ color: 'text.secondary', py: 3, textAlign: 'center' }}>
          {emptyText}
        </Typography>
      ) : (
        <Box
          role="region"
          aria-labelledby={titleId}
          tabIndex={0}
          sx={{ mt: 1.5, overflowX: 'auto', mx: { xs: -2, sm: 0 } }}
        >
          <Table size="small" aria-labelledby={titleId} sx={{ minWidth: 520 }}>
            <TableHead>
              <TableRow>
                {columns.map((c) => (
                  <TableCell
                    key={c.header}
                    align={c.numeric ? 'right' : 'left'}
                    sx={{ fontWeight: 700 }}
                  >
                    {c.header}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={rowKey(row)}>
                  {columns.map((c) => (
                    <TableCell
                      key={c.header}
                      align={c.numeric ? 'right' : 'left'}
                      sx={c.minWidth ? { minWidth: c.minWidth } : undefined}
                      {...(c.rowHeader && { component: 'th', scope: 'row' })}
                    >
                      {c.cell(row)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Card>
  );
}
