import useMediaQuery from '@mui/material/useMediaQuery';
import Box from '@mui/material/Box';
import { ContentRow } from './content-row';
import { ContentTable, type ContentTableRow } from './content-table';

export interface ContentListProps {
  rows: ContentTableRow[];
  selected: ReadonlySet<number>;
  onSelect: (ids: number[], on: boolean) => void;
}

/**
 * The owner's items: a dense table from 900 px (what owners know from admin tools), cards on a
 * phone, where a table would scroll sideways. Both select for the bulk actions.
 */
export function ContentList({ rows, selected, onSelect }: ContentListProps) {
  const wide = useMediaQuery('(min-width:900px)', { noSsr: true });
  if (wide) return <ContentTable rows={rows} selected={selected} onSelect={onSelect} />;
  return (
    <Box
      component="ul"
      aria-label="Content"
      sx={{ m: 0, p: 0, display: 'grid', gap: 2, gridTemplateColumns: '1fr' }}
    >
      {rows.map((row) => (
        <ContentRow
          key={row.item.id}
          item={row.item}
          lastClicked={row.lastClicked}
          busy={row.busy}
          access={row.access}
          onToggle={row.onToggle}
          onEdit={row.onEdit}
          onDelete={row.onDelete}
          selected={selected.has(row.item.id)}
          onSelect={(on) => onSelect([row.item.id], on)}
        />
      ))}
    </Box>
  );
}
