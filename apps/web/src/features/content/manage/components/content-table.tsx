import {
  CONTENT_TYPE_LABELS,
  describeTextStatus,
  type ManagedContentItem,
} from '@fieldcraft/contracts';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { formatDate } from '../../../../shared/format/dates';
import { kindLabels } from '../content-table.model';

export interface ContentTableRow {
  item: ManagedContentItem;
  lastClicked: string | null;
  busy: boolean;
  access: ReactNode;
  onToggle: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

export interface ContentTableProps {
  rows: ContentTableRow[];
  selected: ReadonlySet<number>;
  onSelect: (ids: number[], on: boolean) => void;
}

/** A warning sign when the item's text is not (fully) searchable, with the reason. */
function TextNote({ item }: { item: ManagedContentItem }) {
  const note = describeTextStatus(item.textStatus, item.textStatusReason ?? null);
  if (!note) return null;
  return (
    <Tooltip title={note}>
      <WarningAmberIcon
        fontSize="small"
        role="img"
        aria-label={note}
        sx={{ color: 'warning.main' }}
      />
    </Tooltip>
  );
}

/** Desktop: every item in one dense table, selectable for the bulk actions. */
export function ContentTable({ rows, selected, onSelect }: ContentTableProps) {
  const ids = rows.map((r) => r.item.id);
  const chosen = ids.filter((id) => selected.has(id)).length;
  return (
    <TableContainer
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, bgcolor: 'background.paper' }}
    >
      <Table size="small" aria-label="Content">
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <Checkbox
                checked={ids.length > 0 && chosen === ids.length}
                indeterminate={chosen > 0 && chosen < ids.length}
                onChange={(event) => onSelect(ids, event.target.checked)}
                slotProps={{ input: { 'aria-label': 'Select all shown' } }}
              />
            </TableCell>
            <TableCell>Title</TableCell>
            <TableCell>Kind</TableCell>
            <TableCell>State</TableCell>
            <TableCell>Activity</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map(({ item, lastClicked, busy, access, onToggle, onEdit, onDelete }) => (
            <TableRow key={item.id} hover selected={selected.has(item.id)} aria-label={item.title}>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={selected.has(item.id)}
                  onChange={(event) => onSelect([item.id], event.target.checked)}
                  slotProps={{ input: { 'aria-label': `Select ${item.title}` } }}
                />
              </TableCell>
              <TableCell sx={{ maxWidth: 360 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {item.title}
                </Typography>
                <Box
                  sx={{ display: 'flex', alignItems: 'center', gap: 0.75, color: 'text.secondary' }}
                >
                  <Typography variant="body2">{CONTENT_TYPE_LABELS[item.type]}</Typography>
                  <TextNote item={item} />
                </Box>
                {item.description ? (
                  <Typography
                    variant="body2"
                    title={item.description}
                    sx={{
                      mt: 0.25,
                      overflowWrap: 'anywhere',
                      display: '-webkit-box',
                      WebkitLineClamp: 2,
                      WebkitBoxOrient: 'vertical',
                      overflow: 'hidden',
                    }}
                  >
                    {item.description}
                  </Typography>
                ) : null}
              </TableCell>
              <TableCell>{kindLabels[item.category]}</TableCell>
              <TableCell>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {item.isActive ? 'Live' : 'Inactive'}
                  </Typography>
                  <Chip
                    size="small"
                    label={item.isActive ? 'LIVE' : 'OFFLINE'}
                    color={item.isActive ? 'success' : 'default'}
                    sx={{ fontWeight: 700 }}
                  />
                </Box>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap', color: 'text.secondary' }}>
                <Typography variant="body2">Created {formatDate(item.createdAt)}</Typography>
                <Typography variant="body2">
                  {lastClicked ? `Last clicked ${lastClicked}` : 'Not clicked yet'}
                </Typography>
              </TableCell>
              <TableCell align="right">
                <Box sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center' }}>
                  <Button
                    size="small"
                    color={item.isActive ? 'secondary' : 'success'}
                    disabled={busy}
                    onClick={onToggle}
                    sx={{ whiteSpace: 'nowrap' }}
                  >
                    {item.isActive ? 'Make Inactive' : 'Make Live'}
                  </Button>
                  {item.url ? (
                    <Tooltip title="View Content">
                      <IconButton
                        aria-label="View Content"
                        href={item.url}
                        target="_blank"
                        rel="noopener noreferrer"
                      >
                        <OpenInNewIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  ) : null}
                  <Box sx={{ '& .MuiButton-root': { whiteSpace: 'nowrap' } }}>{access}</Box>
                  <IconButton aria-label={`Edit ${item.title}`} onClick={onEdit}>
                    <EditIcon fontSize="small" />
                  </IconButton>
                  <IconButton
                    aria-label={`Delete ${item.title}`}
                    color="error"
                    disabled={busy}
                    onClick={onDelete}
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </Box>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
