import type { Room, User } from '@fieldcraft/contracts';
import { EmptyState, LoadingState, PageHeader } from '@fieldcraft/ui';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ForumIcon from '@mui/icons-material/Forum';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import { useEffect } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { ExternalLinkDialog } from '../../../shared/content-opening/external-link-dialog';
import { paths } from '../../../shared/paths';
import { useGetUserRoomsQuery } from '../rooms.api';
import { newSessionId } from '../session-id';
import { useOpenCitation } from '../../../shared/content-opening/use-open-citation';
import { useRoomConversation } from '../use-room-conversation';
import { useVoicePreferences } from '../voice-preferences';
import { useGetVoiceStatusQuery } from '../voice.api';
import { PastConversations } from './past-conversations';
import { RoomChatPanel } from './room-chat-panel';
import { TalkControls, VoiceControls } from './voice-controls';

/**
 * /test-room/{id}: 'Loading...', then the room (name from GET /api/user/rooms, or 'Room not
 * found') with its chat. The session query parameter is added (without a reload) when missing.
 */
export function RoomChatPage({ user }: { user: User }) {
  const { id } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const session = searchParams.get('session');
  const { data: rooms, isLoading } = useGetUserRoomsQuery();
  const room = rooms?.find((r) => String(r.id) === id && r.hasAccess);

  useEffect(() => {
    if (!session) {
      setSearchParams(
        (params) => {
          params.set('session', newSessionId());
          return params;
        },
        { replace: true },
      );
    }
  }, [session, setSearchParams]);

  const back = (
    <Button
      component={RouterLink}
      to={paths.rooms.getHref()}
      variant="outlined"
      color="secondary"
      startIcon={<ArrowBackIcon />}
      sx={{ minHeight: 44 }}
    >
      Back to Rooms
    </Button>
  );

  if (isLoading) return <LoadingState label="Loading..." />;

  return (
    <>
      <PageHeader
        title={room?.name ?? 'Room not found'}
        subtitle={room?.description ?? undefined}
        actions={back}
      />
      {room ? (
        // Keyed by room: another room is another session and another set of preferences.
        <RoomChat key={room.id} room={room} user={user} />
      ) : (
        <Card>
          <EmptyState
            icon={<ForumIcon />}
            titleComponent="h2"
            title="This room is not available to you"
            description="It may have been deleted, or you have not been given access."
          />
        </Card>
      )}
    </>
  );
}

function RoomChat({ room, user }: { room: Room; user: User }) {
  const agentName = room.agent.name;
  const [preferences, setPreferences] = useVoicePreferences(room.id);
  const live = room.status === 'LIVE';
  const state = room.status === 'PAUSED' ? 'paused' : 'inactive';
  // Users talk only in LIVE rooms; the owner may try any room (the server allows it too).
  const canStart = live || user.role === 'OWNER';
  const chat = useRoomConversation({
    roomId: room.id,
    user,
    preferences,
    onPreferencesChange: setPreferences,
    canStart,
  });
  const citations = useOpenCitation();
  const { data: voiceStatus } = useGetVoiceStatusQuery();
  const sessionRuns = chat.status === 'connected';

  return (
    <Stack spacing={2}>
      {voiceStatus && voiceStatus.missing.length > 0 ? (
        <Alert severity="info">
          <Box component="p" sx={{ m: 0 }}>
            Speech is limited on this server:
          </Box>
          <Box component="ul" sx={{ my: 0.5, pl: 2.5 }}>
            {voiceStatus.missing.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </Box>
          <Box component="p" sx={{ m: 0 }}>
            Typed chat keeps working.
          </Box>
        </Alert>
      ) : null}
      {!live ? (
        <Alert severity={canStart ? 'info' : 'warning'}>
          {canStart
            ? `This room is ${state}. As the owner you can still start a test conversation.`
            : `This room is ${state}, so no conversation can be started. Past conversations can still be read.`}
        </Alert>
      ) : null}
      <RoomChatPanel
        agentName={agentName}
        status={chat.status}
        mode={chat.mode}
        messages={chat.messages}
        agentTyping={chat.agentTyping}
        textOnlyReason={chat.textOnlyReason}
        audioChunks={chat.audioChunks}
        canStart={canStart}
        canRate={chat.canRate}
        onStart={() => void chat.start()}
        onEnd={chat.end}
        onSend={chat.send}
        onDraftChange={chat.setDraft}
        onInputFocus={chat.signalActivity}
        onFeedback={chat.sendFeedback}
        onOpenCitation={citations.open}
        offline={chat.offline}
        queued={chat.queued}
        onRemoveQueued={chat.removeQueued}
        controls={
          <TalkControls
            preferences={preferences}
            voiceLive={chat.voiceLive}
            talkHeld={chat.talkHeld}
            onTalkHeld={chat.setTalkHeld}
            onTextModeChange={chat.setTextMode}
            micFailed={chat.micFailed}
          />
        }
      />
      <VoiceControls
        agentName={agentName}
        preferences={preferences}
        onChange={setPreferences}
        voiceLive={chat.voiceLive}
        textOnly={sessionRuns && !chat.voiceLive && !preferences.textMode}
        micMuted={chat.micMuted}
      />
      <PastConversations roomId={room.id} agentName={agentName} onOpenCitation={citations.open} />
      <ExternalLinkDialog {...citations.externalDialog} />
    </Stack>
  );
}
