import type { ContentItem } from '@fieldcraft/contracts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import type { KeyboardEvent, ReactNode } from 'react';
import { fileHref } from '../use-content-click';

export interface ContentListProps {
  items: ContentItem[];
  icon: (item: ContentItem) => ReactNode;
  badge?: (item: ContentItem) => ReactNode;
  /** Marks the chosen row (the playing video). */
  selectedId?: number | null;
  onChoose: (item: ContentItem) => void;
  label: string;
  /** A control beside the row (not inside its button), e.g. saving the item for offline use. */
  action?: (item: ContentItem) => ReactNode;
}

/**
 * A row that opens a same-origin file is a real link to it, so a tap works before the app's
 * JavaScript has run (the server-drawn first view): in a new tab, which leaves the loading
 * dashboard alone. It keeps the role of a button, and once the app runs a click does what every
 * row does (onChoose: the access is recorded, a video plays in the Watch panel) instead of
 * following the link. Space presses it as it would a button (a link only answers Enter).
 */
function fileLinkProps(item: ContentItem) {
  const href = fileHref(item);
  if (!href) return {};
  return {
    component: 'a' as const,
    href,
    target: '_blank',
    rel: 'noopener noreferrer',
    role: 'button',
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      if (event.key === ' ' && event.target === event.currentTarget) event.preventDefault();
    },
    onKeyUp: (event: KeyboardEvent<HTMLElement>) => {
      if (event.key === ' ' && event.target === event.currentTarget) event.currentTarget.click();
    },
  };
}

/** A panel's list: a scroll area of buttons (spec §9: 96 units high, unpaged). */
export function ContentList({
  items,
  icon,
  badge,
  selectedId,
  onChoose,
  label,
  action,
}: ContentListProps) {
  return (
    <Box
      sx={{ maxHeight: 384, overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 3 }}
    >
      <List aria-label={label} disablePadding>
        {items.map((item) => {
          const control = action?.(item);
          return (
            <ListItem
              key={item.id}
              disablePadding
              divider
              secondaryAction={control || undefined}
              sx={{ '& .MuiListItemSecondaryAction-root': { right: 8 } }}
            >
              <ListItemButton
                {...fileLinkProps(item)}
                selected={selectedId === item.id}
                onClick={(event) => {
                  event.preventDefault();
                  onChoose(item);
                }}
                sx={{ minHeight: 56, gap: 1, ...(control ? { pr: 7.5 } : {}) }}
              >
                <ListItemIcon aria-hidden sx={{ minWidth: 36, color: 'warning.dark' }}>
                  {icon(item)}
                </ListItemIcon>
                <ListItemText
                  primary={item.title}
                  secondary={item.description || undefined}
                  slotProps={{
                    primary: { sx: { fontWeight: 600 } },
                    secondary: {
                      sx: {
                        display: '-webkit-box',
                        WebkitLineClamp: 2,
                        WebkitBoxOrient: 'vertical',
                        overflow: 'hidden',
                      },
                    },
                  }}
                />
                {badge?.(item)}
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
    </Box>
  );
}

export function UploadedBadge() {
  return <Chip size="small" label="Uploaded" color="primary" variant="outlined" />;
}
