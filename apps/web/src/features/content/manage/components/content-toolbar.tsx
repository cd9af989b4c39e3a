import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { kindLabels, sortLabels, stateLabels, type ContentView } from '../content-table.model';

export interface ContentToolbarProps {
  view: ContentView;
  onChange: (view: ContentView) => void;
}

/** Search, the kind and state filters and the sort of the owner's content list. */
export function ContentToolbar({ view, onChange }: ContentToolbarProps) {
  const select = <K extends 'kind' | 'state' | 'sort'>(
    key: K,
    label: string,
    labels: Record<ContentView[K], string>,
  ) => (
    <TextField
      select
      label={label}
      value={view[key]}
      onChange={(event) => onChange({ ...view, [key]: event.target.value as ContentView[K] })}
      sx={{ minWidth: { sm: 160 } }}
    >
      {(Object.keys(labels) as ContentView[K][]).map((value) => (
        <MenuItem key={value} value={value}>
          {labels[value]}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <Box
      role="search"
      aria-label="Find content"
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr 1fr', md: 'minmax(220px, 2fr) repeat(3, 1fr)' },
        mb: 2,
        '& > :first-of-type': { gridColumn: { xs: '1 / -1', md: 'auto' } },
      }}
    >
      {/* Full-size fields: 44 px and more for a gloved thumb (docs/field-readiness.md). */}
      <TextField
        type="search"
        label="Search content"
        value={view.search}
        onChange={(event) => onChange({ ...view, search: event.target.value })}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      {select('kind', 'Kind', kindLabels)}
      {select('state', 'State', stateLabels)}
      {select('sort', 'Sort by', sortLabels)}
    </Box>
  );
}
