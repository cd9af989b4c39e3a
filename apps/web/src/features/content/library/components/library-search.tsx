import type { ContentItem } from '@fieldcraft/contracts';
import { EmptyState, LoadingState } from '@fieldcraft/ui';
import SearchIcon from '@mui/icons-material/Search';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { Fragment, useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../../shared/paths';
import { useSearchLibraryQuery } from '../library.api';
import { LIBRARY_KINDS, mergeHits, queryWords, snippet, type LibraryKind } from '../library-filter';
import { TypeArt, typeLabel } from './type-art';

export interface LibraryToolbarProps {
  query: string;
  onQuery: (q: string) => void;
  kind: LibraryKind;
  onKind: (kind: LibraryKind) => void;
}

/** The search box over the whole library and the kind filter (All, Watch, Listen, Read). */
export function LibraryToolbar({ query, onQuery, kind, onKind }: LibraryToolbarProps) {
  return (
    <Box
      role="search"
      aria-label="Library"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 1.5,
        alignItems: 'center',
        mb: { xs: 2, md: 3 },
      }}
    >
      <TextField
        type="search"
        label="Search the library"
        placeholder="A word inside a document, or a title"
        value={query}
        onChange={(event) => onQuery(event.target.value)}
        autoComplete="off"
        sx={{ flex: '1 1 18rem', minWidth: 0 }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon aria-hidden />
              </InputAdornment>
            ),
          },
        }}
      />
      <ToggleButtonGroup
        exclusive
        value={kind}
        onChange={(_e, value: LibraryKind | null) => onKind(value ?? 'all')}
        aria-label="Show"
        size="small"
        sx={{
          flex: 'none',
          // MUI's unselected text (action.active) is too faint on the outdoor and light themes.
          '& .MuiToggleButton-root': { minHeight: 44, px: 2, color: 'text.primary' },
        }}
      >
        {LIBRARY_KINDS.map((k) => (
          <ToggleButton key={k.value} value={k.value}>
            {k.label}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Box>
  );
}

/** The query's words in bold inside a snippet. */
function Marked({ text, words }: { text: string; words: string[] }) {
  if (words.length === 0) return <>{text}</>;
  const pattern = new RegExp(
    `(${words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`,
    'gi',
  );
  return (
    <>
      {text.split(pattern).map((part, i) =>
        i % 2 === 1 ? (
          <Box
            component="mark"
            key={i}
            sx={{ bgcolor: 'warning.light', color: 'inherit', px: 0.25 }}
          >
            {part}
          </Box>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}

export interface LibraryResultsProps {
  /** The trimmed query (2+ characters). */
  query: string;
  kind: LibraryKind;
  items: ContentItem[];
  /** Records the access, as a click on the dashboard row does. */
  onOpen: (item: ContentItem) => void;
}

/**
 * Search results: every item whose text holds the words (the server's full-text search over
 * PDF pages, Word sections, text files and news) or whose title or description does (videos
 * and audio have no text of their own). Each opens in the reader at the page that matched.
 */
export function LibraryResults({ query, kind, items, onOpen }: LibraryResultsProps) {
  const search = useSearchLibraryQuery(query);
  // `currentData`, not `data`: while the next query is searched, `data` is still the last
  // query's passages, which would be offered as hits for the new words.
  const passages = search.currentData;
  const hits = useMemo(
    () => mergeHits(items, passages ?? [], query, kind),
    [items, passages, query, kind],
  );
  const words = useMemo(() => queryWords(query), [query]);
  const waiting = search.isFetching && !passages;
  return (
    <Box component="section" aria-labelledby="library-results-heading" sx={{ minWidth: 0 }}>
      <Typography id="library-results-heading" component="h2" variant="h5" sx={{ mb: 1 }}>
        Search results
      </Typography>
      <Typography role="status" variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
        {waiting
          ? 'Searching...'
          : `${hits.length} ${hits.length === 1 ? 'item' : 'items'} for “${query}”`}
      </Typography>
      {waiting ? (
        <LoadingState label="Searching..." />
      ) : hits.length === 0 ? (
        <EmptyState
          icon={<SearchOffIcon />}
          titleComponent="h3"
          title="Nothing found"
          description="Try another word, or fewer words."
        />
      ) : (
        <List
          aria-label="Search results"
          disablePadding
          sx={{ border: 1, borderColor: 'divider', borderRadius: 3, overflow: 'hidden' }}
        >
          {hits.map(({ item, passage }) => {
            const page =
              passage && (item.type === 'PDF' || item.type === 'WORD' || item.type === 'DOCUMENT')
                ? passage.page
                : null;
            const where = page ? (item.type === 'PDF' ? `Page ${page}` : `Section ${page}`) : null;
            return (
              <ListItem key={item.id} disablePadding divider>
                <ListItemButton
                  component={RouterLink}
                  to={paths.library.getHref(item.id, page)}
                  onClick={() => onOpen(item)}
                  sx={{ gap: 1.5, alignItems: 'flex-start', py: 1.5 }}
                >
                  <TypeArt type={item.type} />
                  <ListItemText
                    primary={item.title}
                    secondary={
                      <>
                        <Box component="span" sx={{ display: 'block', fontWeight: 600 }}>
                          {[typeLabel(item.type), where].filter(Boolean).join(' · ')}
                        </Box>
                        <Box component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                          <Marked
                            text={passage ? snippet(passage.text, words) : item.description}
                            words={words}
                          />
                        </Box>
                      </>
                    }
                    slotProps={{
                      primary: { sx: { fontWeight: 600, overflowWrap: 'anywhere' } },
                      secondary: { component: 'span' },
                    }}
                    sx={{ minWidth: 0, my: 0 }}
                  />
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      )}
    </Box>
  );
}
