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
import { ListenPanel } from './listen-panel';
import { ReadPanel } from './read-panel';
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

/**
 * The signed-in home: greeting, the owner's 'Content' button, 'Your Rooms', the caller's summary
 * (USER and OWNER) and the Watch, Listen and Read panels.
 */
export function DashboardPage({ user }: DashboardPageProps) {
  const content = useGetDashboardContentQuery();
  const hasSummary = user.role === 'USER' || user.role === 'OWNER';
  const dashboard = useGetUserDashboardQuery(undefined, { skip: !hasSummary });
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
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 2, md: 3 },
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(0, 1fr)' },
          gridTemplateAreas: { xs: '"watch" "listen" "read"', md: '"watch listen" "watch read"' },
        }}
      >
        <Box sx={{ gridArea: 'watch' }}>
          <WatchPanel
            items={lists.watch}
            loading={loading}
            player={click.player}
            onChoose={click.choose}
            onStop={click.stop}
          />
        </Box>
        <Box sx={{ gridArea: 'listen' }}>
          <ListenPanel
            items={offline ? offlineLists.listen : lists.listen}
            loading={loading}
            onChoose={offline ? openSavedFile : click.choose}
            saved={saved}
            offline={offline}
          />
        </Box>
        <Box sx={{ gridArea: 'read' }}>
          <ReadPanel
            items={offline ? offlineLists.read : lists.read}
            loading={loading}
            onChoose={offline ? openSavedFile : click.choose}
            saved={saved}
            offline={offline}
          />
        </Box>
      </Box>
      <ExternalLinkDialog
        url={click.pendingExternal}
        onStay={click.stayInApp}
        onContinue={click.continueExternal}
      />
    </>
  );
}
