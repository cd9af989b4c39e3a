import type { Room, User } from '@fieldcraft/contracts';
import { EmptyState, LoadingState, PageHeader } from '@fieldcraft/ui';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ForumIcon from '@mui/icons-material/Forum';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { ExternalLinkDialog } from '../../../shared/content-opening/external-link-dialog';
import { useOpenCitation } from '../../../shared/content-opening/use-open-citation';
import { paths } from '../../../shared/paths';
import { useInputLevel } from '../conversation/use-input-level';
import { useGetUserRoomsQuery } from '../rooms.api';
import { newSessionId } from '../session-id';
import { useRoomConversation } from '../use-room-conversation';
import { useVoicePreferences } from '../voice-preferences';
import { useGetVoiceStatusQuery } from '../voice.api';
import { MicButton } from './mic-button';
import { formatConversationDate, PastConversations } from './past-conversations';
import { RoomChatPanel } from './room-chat-panel';
import { VoiceSettingsMenu } from './voice-settings-menu';

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

  if (isLoading) return <LoadingState label="Loading..." />;

  if (!room) {
    return (
      <>
        <PageHeader
          title="Room not found"
          actions={
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
          }
        />
        <Card>
          <EmptyState
            icon={<ForumIcon />}
            titleComponent="h2"
            title="This room is not available to you"
            description="It may have been deleted, or you have not been given access."
          />
        </Card>
      </>
    );
  }
  // Keyed by room: another room is another session and another set of preferences.
  return <RoomChat key={room.id} room={room} user={user} />;
}

/** The room's name and description, compact, with the way back: the chat keeps the screen. */
function RoomHeader({ room }: { room: Room }) {
  return (
    <Box component="header" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <IconButton
        component={RouterLink}
        to={paths.rooms.getHref()}
        aria-label="Back to Rooms"
        sx={{ width: 44, height: 44, ml: -1 }}
      >
        <ArrowBackIcon />
      </IconButton>
      <Box sx={{ minWidth: 0 }}>
        <Typography
          variant="h1"
          component="h1"
          noWrap
          sx={{ fontSize: { xs: '1.25rem', sm: '1.5rem' } }}
        >
          {room.name}
        </Typography>
        {room.description ? (
          <Typography variant="body2" noWrap sx={{ color: 'text.secondary' }}>
            {room.description}
          </Typography>
        ) : null}
      </Box>
    </Box>
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
  const listening = chat.voiceLive && !chat.micMuted;
  const level = useInputLevel(listening, chat.inputVolume);
  const micNote = preferences.textMode
    ? chat.micFailed
      ? 'The microphone could not be opened, so you are typing. Allow the microphone in the browser, then switch to voice.'
      : 'Text mode: no microphone, answers come as text.'
    : chat.voiceLive && chat.micMuted
      ? 'Microphone off. Tap the microphone to talk, or hold it while you speak.'
      : '';

  const notices = (
    <>
      {voiceStatus && voiceStatus.missing.length > 0 ? (
        <Alert severity="info" sx={{ py: 0 }}>
          <details>
            <summary>Speech is limited on this server. Typed chat keeps working.</summary>
            <Box component="ul" sx={{ my: 0.5, pl: 2.5 }}>
              {voiceStatus.missing.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </Box>
          </details>
        </Alert>
      ) : null}
      {!live ? (
        <Alert severity={canStart ? 'info' : 'warning'}>
          {canStart
            ? `This room is ${state}. As the owner you can still start a test conversation.`
            : `This room is ${state}, so no conversation can be started. Past conversations can still be read.`}
        </Alert>
      ) : null}
    </>
  );

  return (
    <>
      <Box
        sx={{
          display: 'flex',
          flexDirection: 'column',
          // The conversation takes the screen under the navigation bar; the page's own
          // padding is given back so the composer sits at the bottom edge.
          height: { xs: 'calc(100dvh - 56px - 24px)', sm: 'calc(100dvh - 64px - 32px)' },
          minHeight: 380,
          mt: { xs: -1.5, sm: -2 },
          mb: 3,
        }}
      >
        <RoomChatPanel
          header={<RoomHeader room={room} />}
          notices={notices}
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
          listening={listening}
          level={level}
          micNote={micNote}
          earlierLabel={
            chat.continuing
              ? `Continued from the conversation of ${formatConversationDate(chat.continuing.startedAt)}`
              : null
          }
          voiceControl={
            <>
              <MicButton
                voiceLive={chat.voiceLive}
                micMuted={chat.micMuted}
                level={level}
                busy={chat.status === 'connecting' || !canStart}
                voiceLabel={sessionRuns ? 'Switch to voice' : 'Talk'}
                onVoice={() => {
                  if (sessionRuns) chat.setTextMode(false);
                  else {
                    setPreferences({ textMode: false });
                    void chat.start({ voice: true });
                  }
                }}
                onMutedChange={(muted) => setPreferences({ muted, holdToTalk: false })}
                onHeld={chat.setTalkHeld}
                onText={() => chat.setTextMode(true)}
              />
              <VoiceSettingsMenu
                agentName={agentName}
                preferences={preferences}
                onChange={setPreferences}
              />
            </>
          }
        />
      </Box>
      <PastConversations
        roomId={room.id}
        agentName={agentName}
        onOpenCitation={citations.open}
        onContinue={canStart ? chat.continueFrom : undefined}
      />
      <ExternalLinkDialog {...citations.externalDialog} />
    </>
  );
}
