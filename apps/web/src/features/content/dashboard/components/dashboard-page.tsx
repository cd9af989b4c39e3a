import type { ContentItem, ContentType, User } from '@fieldcraft/contracts';
import { PageHeader } from '@fieldcraft/ui';
import EditNoteIcon from '@mui/icons-material/EditNote';
import MeetingRoomIcon from '@mui/icons-material/MeetingRoom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { config } from '../../../../shared/config';
import { paths } from '../../../../shared/paths';
import {
  useGetDashboardContentQuery,
  useGetLoginStatsQuery,
  useGetUserDashboardQuery,
} from '../dashboard.api';
import { greetingName } from '../greeting';
import { useContentClick } from '../use-content-click';
import { useSavedFiles, useSyncSavedFiles } from '../use-saved-files';
import { isConnectionError } from '../../../../shared/session/offline-user';
import { useRefetchOnOnline } from '../../../../shared/offline/use-refetch-on-online';
import { openSavedFile, savedLists } from './saved-offline-panels';
import { DashboardSummary } from './dashboard-summary';
import { ExternalLinkDialog } from '../../../../shared/content-opening/external-link-dialog';
import { LibraryResults, LibraryToolbar } from '../../library/components/library-search';
import { useGetPlaybackPositionsQuery } from '../../library/library.api';
import { useLibraryQuery } from '../../library/use-library-query';
import type { RowFacts } from './content-list';
import { SavedKindPanel } from './saved-kind-panel';
import { WatchPanel } from './watch-panel';

export interface DashboardPageProps {
  user: User;
}

const WATCH: readonly ContentType[] = ['VIMEO', 'VIDEO'];
const LISTEN: readonly ContentType[] = ['AUDIO'];
// The spec's Read list (NEWS, DOCUMENT, PDF, WORD) plus LINK: the spec's LINK click rule needs a
// place to click it, and LINK is a read-category type (apps/web/README.md).
const READ: readonly ContentType[] = ['NEWS', 'DOCUMENT', 'PDF', 'WORD', 'LINK'];

function ofTypes(items: ContentItem[], types: readonly ContentType[]) {
  return items.filter((i) => i.isActive && types.includes(i.type));
}

/** The panels' layout for each kind filter: all three, or the chosen one across the page. */
function gridFor(kind: string) {
  if (kind !== 'all') return { gridTemplateColumns: '1fr', gridTemplateAreas: `"${kind}"` };
  return {
    gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(0, 1fr)' },
    gridTemplateAreas: { xs: '"watch" "listen" "read"', md: '"watch listen" "watch read"' },
  };
}

/**
 * The signed-in home: greeting, the owner's 'Content' button, 'Your Rooms', the caller's summary
 * (USER and OWNER), the library's search and kind filter, and the Watch, Listen and Read panels
 * (or the search results while there is a query).
 */
export function DashboardPage({ user }: DashboardPageProps) {
  const content = useGetDashboardContentQuery();
  const hasSummary = user.role === 'USER' || user.role === 'OWNER';
  const dashboard = useGetUserDashboardQuery(undefined, { skip: !hasSummary });
  const positions = useGetPlaybackPositionsQuery();
  const library = useLibraryQuery();
  const loginStats = useGetLoginStatsQuery();
  const click = useContentClick();
  const saved = useSavedFiles(user.id);
  // No signal for the content list: the Read and Listen panels list what is saved on this device.
  const offline = !content.data && isConnectionError(content.error);
  useRefetchOnOnline(content.refetch, offline);
  useSyncSavedFiles(user.id, content.data, content.fulfilledTimeStamp);

  const items = content.data;
  const lists = useMemo(() => {
    const all = items ?? [];
    return { watch: ofTypes(all, WATCH), listen: ofTypes(all, LISTEN), read: ofTypes(all, READ) };
  }, [items]);
  const offlineLists = useMemo(() => savedLists(saved.files), [saved.files]);
  const facts = useMemo<RowFacts>(
    () => ({
      newIds: new Set((dashboard.data?.newContent ?? []).map((i) => i.id)),
      positions: new Map((positions.data ?? []).map((p) => [p.contentId, p.positionSeconds])),
      positionsReady: positions.data !== undefined || positions.isError,
    }),
    [dashboard.data, positions.data, positions.isError],
  );
  const kind = library.kind;
  const show = (area: 'watch' | 'listen' | 'read') => kind === 'all' || kind === area;
  const loading = !offline && (content.isLoading || (hasSummary && dashboard.isLoading));

  return (
    <>
      <PageHeader
        title={`Welcome back, ${greetingName(user)}`}
        subtitle={`Your ${config.brandProduct} Newsroom`}
        actions={
          <>
            {user.role === 'OWNER' ? (
              <Button
                component={RouterLink}
                to={paths.contentManagement.getHref()}
                variant="outlined"
                color="secondary"
                startIcon={<EditNoteIcon />}
              >
                Content
              </Button>
            ) : null}
            <Button
              component={RouterLink}
              to={paths.rooms.getHref()}
              variant="contained"
              startIcon={<MeetingRoomIcon />}
            >
              Your Rooms
            </Button>
          </>
        }
      />
      {hasSummary ? (
        <DashboardSummary dashboard={dashboard.data} loginStats={loginStats.data} />
      ) : null}
      {offline ? null : (
        <LibraryToolbar
          query={library.text}
          onQuery={library.setText}
          kind={kind}
          onKind={library.setKind}
        />
      )}
      {library.search && !offline ? (
        <LibraryResults
          query={library.search}
          kind={kind}
          items={items ?? []}
          onOpen={click.record}
        />
      ) : (
        <Box sx={{ display: 'grid', gap: { xs: 2, md: 3 }, ...gridFor(kind) }}>
          {show('watch') ? (
            <Box sx={{ gridArea: 'watch', minWidth: 0 }}>
              <WatchPanel
                items={lists.watch}
                loading={loading}
                player={click.player}
                onChoose={click.choose}
                onStop={click.stop}
                facts={facts}
              />
            </Box>
          ) : null}
          {(['listen', 'read'] as const).filter(show).map((kind) => (
            <Box key={kind} sx={{ gridArea: kind, minWidth: 0 }}>
              <SavedKindPanel
                kind={kind}
                items={offline ? offlineLists[kind] : lists[kind]}
                loading={loading}
                onChoose={offline ? openSavedFile : click.choose}
                saved={saved}
                offline={offline}
                facts={facts}
              />
            </Box>
          ))}
        </Box>
      )}
      <ExternalLinkDialog
        url={click.pendingExternal}
        onStay={click.stayInApp}
        onContinue={click.continueExternal}
      />
    </>
  );
}
