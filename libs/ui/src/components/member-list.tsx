import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

export interface MemberListItem {
  id: number;
  primary: string;
  secondary?: string;
  /** Shown after the name (a role badge). */
  badge?: ReactNode;
  /** The remove button's accessible name; none: this member cannot be removed here. */
  removeLabel?: string;
}

export interface MemberListProps {
  /** The heading, with the count: 'Users (3)'. */
  title: string;
  /** The heading's size; 'h6' by default. */
  titleVariant?: 'h6' | 'subtitle1';
  /** The list's accessible name. */
  listLabel?: string;
  items: MemberListItem[];
  emptyText: string;
  /** 'end': the badge stands at the row's end; 'inline': next to the name. */
  badgePlacement?: 'end' | 'inline';
  removeIcon?: ReactNode;
  /** A tooltip over every remove button. */
  removeTooltip?: string;
  removeDisabled?: boolean;
  onRemove?: (id: number) => void;
  /** Below the list: e.g. a MemberAddRow. */
  children?: ReactNode;
}

/** A section of a dialog listing members (people or rooms), each removable by a 44 px button. */
export function MemberList({
  title,
  titleVariant = 'h6',
  listLabel,
  items,
  emptyText,
  badgePlacement = 'end',
  removeIcon,
  removeTooltip,
  removeDisabled,
  onRemove,
  children,
}: MemberListProps) {
  const headingId = useId();
  const inline = badgePlacement === 'inline';
  const removable = items.some((item) => item.removeLabel && onRemove);
  const removeButton = (item: MemberListItem) => {
    if (!item.removeLabel || !onRemove) return undefined;
    const button = (
      <IconButton
        edge="end"
        aria-label={item.removeLabel}
        disabled={removeDisabled}
        onClick={() => onRemove(item.id)}
        sx={{ width: 44, height: 44 }}
      >
        {removeIcon}
      </IconButton>
    );
    return removeTooltip ? (
      <Tooltip title={removeTooltip}>
        <span>{button}</span>
      </Tooltip>
    ) : (
      button
    );
  };
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography
        id={headingId}
        component="h3"
        variant={titleVariant}
        sx={titleVariant === 'subtitle1' ? { fontWeight: 700 } : undefined}
      >
        {title}
      </Typography>
      {items.length === 0 ? (
        <Typography
          variant={titleVariant === 'subtitle1' ? 'body2' : 'body1'}
          sx={{ color: 'text.secondary', mt: titleVariant === 'subtitle1' ? 1 : 0 }}
        >
          {emptyText}
        </Typography>
      ) : (
        <List dense aria-label={listLabel}>
          {items.map((item) => (
            <ListItem key={item.id} disableGutters secondaryAction={removeButton(item)}>
              <ListItemText
                primary={
                  inline && item.badge ? (
                    <Box
                      component="span"
                      sx={{
                        display: 'inline-flex',
                        gap: 1,
                        alignItems: 'center',
                        flexWrap: 'wrap',
                      }}
                    >
                      {item.primary} {item.badge}
                    </Box>
                  ) : (
                    item.primary
                  )
                }
                secondary={item.secondary}
                sx={
                  inline
                    ? { pr: 6, '& .MuiListItemText-secondary': { overflowWrap: 'anywhere' } }
                    : undefined
                }
              />
              {!inline && item.badge ? (
                <Box sx={{ mr: removable ? 5 : 0 }}>{item.badge}</Box>
              ) : null}
            </ListItem>
          ))}
        </List>
      )}
      {children}
    </Box>
  );
}

export interface MemberAddRowProps {
  /** The picker's label ('Add user'). */
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
  /** The button's text ('Add User'). */
  buttonLabel: string;
  disabled?: boolean;
  onAdd: () => void;
}

/** A picker and an Add button under a MemberList. */
export function MemberAddRow({
  label,
  value,
  onChange,
  options,
  buttonLabel,
  disabled,
  onAdd,
}: MemberAddRowProps) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1 }}>
      <TextField
        select
        size="small"
        label={label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        sx={{ flex: 1 }}
      >
        {options.map((o) => (
          <MenuItem key={o.value} value={o.value}>
            {o.label}
          </MenuItem>
        ))}
      </TextField>
      <Button variant="outlined" disabled={!value || disabled} onClick={onAdd}>
        {buttonLabel}
      </Button>
    </Stack>
  );
}
