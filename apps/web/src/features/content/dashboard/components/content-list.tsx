import type { ContentItem } from '@fieldcraft/contracts';
import { visuallyHidden } from '@fieldcraft/ui';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import type { KeyboardEvent, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { TypeArt } from '../../library/components/type-art';
import { formatDuration, resumeFrom, spokenDuration } from '../../library/media-time';
import { fileHref, readerHref } from '../use-content-click';

/** What the library knows about the caller and each row: new since their last visit, resume. */
export interface RowFacts {
  newIds: ReadonlySet<number>;
  /** Saved playback positions (seconds) by item id. */
  positions: ReadonlyMap<number, number>;
  /** The saved positions have arrived (until then a player waits before it starts anywhere). */
  positionsReady: boolean;
}

export const NO_FACTS: RowFacts = {
  newIds: new Set(),
  positions: new Map(),
  positionsReady: false,
};

export interface ContentListProps {
  items: ContentItem[];
  badge?: (item: ContentItem) => ReactNode;
  /** Marks the chosen row (the playing video). */
  selectedId?: number | null;
  onChoose: (item: ContentItem) => void;
  label: string;
  /** A control beside the row (not inside its button), e.g. saving the item for offline use. */
  action?: (item: ContentItem) => ReactNode;
  facts?: RowFacts;
  /** Without signal the reader cannot load: rows open the saved copy of the file instead. */
  offline?: boolean;
}

/**
 * A row is a real link where it leads somewhere, so a tap works before the app's JavaScript
 * has run (the server-drawn first view): to the in-app reader or player (readerHref), or for
 * an uploaded video to its file in a new tab. Once the app runs, a click does what every row
 * does (onChoose: the access is recorded, then the reader opens or the video plays in the
 * Watch panel). A video row keeps the role of a button (it plays here); Space presses it.
 */
function rowLinkProps(item: ContentItem, toReader: boolean) {
  const reader = toReader ? readerHref(item) : undefined;
  if (reader) return { component: RouterLink, to: reader };
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

/** The row's second line: how long it runs, where the user left off, then the description. */
function RowMeta({ item, position }: { item: ContentItem; position: number | undefined }) {
  const duration = item.durationSeconds ?? null;
  const resume = position === undefined ? 0 : resumeFrom(position, duration);
  const parts: ReactNode[] = [];
  if (duration) {
    parts.push(
      <span key="d">
        <span aria-hidden>{formatDuration(duration)}</span>
        <Box component="span" sx={visuallyHidden}>
          {spokenDuration(duration)}
        </Box>
      </span>,
    );
  }
  if (resume > 0) {
    parts.push(
      <Box component="span" key="r" sx={{ color: 'warning.dark', fontWeight: 600 }}>
        Resume at {formatDuration(resume)}
      </Box>,
    );
  }
  return (
    <>
      {parts.length > 0 ? (
        <Box component="span" sx={{ display: 'block' }}>
          {parts.flatMap((p, i) => (i === 0 ? [p] : [' · ', p]))}
        </Box>
      ) : null}
      {item.description ? (
        <Box
          component="span"
          sx={{
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
          }}
        >
          {item.description}
        </Box>
      ) : null}
    </>
  );
}

/** A panel's list: every item, the list as tall as it needs (nothing hidden in a scroll box). */
export function ContentList({
  items,
  badge,
  selectedId,
  onChoose,
  label,
  action,
  facts = NO_FACTS,
  offline = false,
}: ContentListProps) {
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 3, overflow: 'hidden' }}>
      <List aria-label={label} disablePadding>
        {items.map((item) => {
          const control = action?.(item);
          const isNew = facts.newIds.has(item.id);
          return (
            <ListItem
              key={item.id}
              disablePadding
              divider
              secondaryAction={control || undefined}
              sx={{ '& .MuiListItemSecondaryAction-root': { right: 8 } }}
            >
              <ListItemButton
                {...rowLinkProps(item, !offline)}
                selected={selectedId === item.id}
                onClick={(event) => {
                  event.preventDefault();
                  onChoose(item);
                }}
                sx={{
                  minHeight: 64,
                  gap: 1.5,
                  alignItems: 'center',
                  ...(control ? { pr: 7.5 } : {}),
                }}
              >
                <TypeArt type={item.type} />
                <ListItemText
                  primary={
                    <>
                      {item.title}
                      {isNew ? (
                        <Chip
                          component="span"
                          size="small"
                          label="New"
                          color="warning"
                          sx={{ ml: 1, height: 20, fontWeight: 700, verticalAlign: 'text-bottom' }}
                        />
                      ) : null}
                    </>
                  }
                  secondary={<RowMeta item={item} position={facts.positions.get(item.id)} />}
                  slotProps={{
                    primary: { sx: { fontWeight: 600, overflowWrap: 'anywhere' } },
                    secondary: { component: 'span', sx: { display: 'block' } },
                  }}
                  sx={{ minWidth: 0 }}
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
