import SearchIcon from '@mui/icons-material/Search';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ALL_CATEGORIES, type RoomFilters, type StatusFilter } from '../room-filters';

const statusOptions: { value: StatusFilter; label: string }[] = [
  { value: 'ALL', label: 'All' },
  { value: 'LIVE', label: 'Live' },
  { value: 'PAUSED', label: 'Paused' },
  { value: 'INACTIVE', label: 'Inactive' },
];

export interface RoomsFilterCardProps {
  filters: RoomFilters;
  categories: string[];
  onChange: (filters: RoomFilters) => void;
}

/** 'Filter & Search': text over name and category, then status and category. */
export function RoomsFilterCard({ filters, categories, onChange }: RoomsFilterCardProps) {
  return (
    <Card component="section" aria-labelledby="rooms-filter-heading" sx={{ mb: 3 }}>
      <CardContent>
        <Typography id="rooms-filter-heading" component="h2" variant="h6" sx={{ mb: 2 }}>
          Filter &amp; Search
        </Typography>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <TextField
            type="search"
            placeholder="Search rooms..."
            value={filters.search}
            onChange={(event) => onChange({ ...filters, search: event.target.value })}
            fullWidth
            slotProps={{
              htmlInput: { 'aria-label': 'Search rooms' },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon aria-hidden />
                  </InputAdornment>
                ),
              },
            }}
            sx={{ flex: 2 }}
          />
          <TextField
            select
            label="Status"
            value={filters.status}
            onChange={(event) =>
              onChange({ ...filters, status: event.target.value as StatusFilter })
            }
            sx={{ flex: 1, minWidth: { md: 160 } }}
          >
            {statusOptions.map((option) => (
              <MenuItem key={option.value} value={option.value}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="Category"
            value={filters.category}
            onChange={(event) => onChange({ ...filters, category: event.target.value })}
            sx={{ flex: 1, minWidth: { md: 180 } }}
          >
            <MenuItem value={ALL_CATEGORIES}>All Categories</MenuItem>
            {categories.map((category) => (
              <MenuItem key={category} value={category}>
                {category}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </CardContent>
    </Card>
  );
}
