import type { Company } from '@fieldcraft/contracts';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

/** The list's filters; empty values mean "any" (the server validates the rest). */
export interface UserFilterValues {
  role: string;
  status: string;
  companyId: string;
  state: string;
}

export const noFilters: UserFilterValues = { role: '', status: '', companyId: '', state: 'all' };

// Selects whose empty value means "all" still show that choice, with the label above it.
const allOption = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

export interface UserFiltersProps {
  isOwner: boolean;
  search: string;
  onSearch: (search: string) => void;
  filters: UserFilterValues;
  setFilter: (key: keyof UserFilterValues) => (event: { target: { value: string } }) => void;
  companies: Company[];
}

/** /user-management's search and filters (the company filter is the OWNER's only). */
export function UserFilters({
  isOwner,
  search,
  onSearch,
  filters,
  setFilter,
  companies,
}: UserFiltersProps) {
  return (
    <Card component="section" aria-label="Filters" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: '1fr 1fr',
            md: isOwner ? '2fr repeat(4, 1fr)' : '2fr repeat(3, 1fr)',
          },
        }}
      >
        <TextField
          label="Search"
          placeholder="Name, email or username"
          type="search"
          value={search}
          onChange={(e) => onSearch(e.target.value)}
          sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
        />
        <TextField
          select
          label="Role"
          value={filters.role}
          onChange={setFilter('role')}
          slotProps={allOption}
        >
          <MenuItem value="">All roles</MenuItem>
          {(isOwner ? ['OWNER', 'ADMIN', 'USER'] : ['ADMIN', 'USER']).map((r) => (
            <MenuItem key={r} value={r}>
              {r}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Status"
          value={filters.status}
          onChange={setFilter('status')}
          slotProps={allOption}
        >
          <MenuItem value="">All statuses</MenuItem>
          <MenuItem value="PENDING">PENDING</MenuItem>
          <MenuItem value="ACTIVE">ACTIVE</MenuItem>
        </TextField>
        {isOwner ? (
          <TextField
            select
            label="Company"
            value={filters.companyId}
            onChange={setFilter('companyId')}
            slotProps={allOption}
          >
            <MenuItem value="">All companies</MenuItem>
            <MenuItem value="none">No company</MenuItem>
            {companies.map((c) => (
              <MenuItem key={c.id} value={String(c.id)}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
        ) : null}
        <TextField select label="Account" value={filters.state} onChange={setFilter('state')}>
          <MenuItem value="all">All accounts</MenuItem>
          <MenuItem value="active">Active</MenuItem>
          <MenuItem value="deactivated">Deactivated</MenuItem>
        </TextField>
      </Box>
    </Card>
  );
}
