import type { Citation } from '@fieldcraft/contracts';
import type { Mode, Status } from '@fieldcraft/voice-client';
import { visuallyHidden } from '@fieldcraft/ui';
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import type { ChatMessage } from '../conversation/use-chat-messages';
import type { QueuedChatQuestion } from '../conversation/use-offline-questions';
import type { TextOnlyReason } from '../conversation/use-room-audio';
import { ChatMessageItem } from './chat-message-item';
import { ConversationState } from './conversation-state';
import { MessageList } from './message-list';

export interface RoomChatPanelProps {
  agentName: string;
  status: Status;
  mode: Mode;
  messages: ChatMessage[];
  agentTyping: boolean;
  textOnlyReason: TextOnlyReason;
  audioChunks: number;
  /** False for a room that is not LIVE: nothing can be started. */
  canStart: boolean;
  canRate: boolean;
  onStart: () => void;
  onEnd: () => void;
  /** The spec's send rules; true when the text was taken (the input clears). */
  onSend: (text: string) => boolean;
  onDraftChange: (text: string) => void;
  onInputFocus: () => void;
  onFeedback: (messageId: string, like: boolean) => void;
  onOpenCitation: (citation: Citation) => void;
  /** No signal (or the session dropped): questions are saved and sent on reconnect. */
  offline?: boolean;
  /** Questions saved on this device, oldest first, not answered yet. */
  queued?: QueuedChatQuestion[];
  onRemoveQueued?: (id: string) => void;
  /** The voice control beside the input (MicButton) and the settings menu. */
  voiceControl?: ReactNode;
  /** A voice session listens through an open microphone. */
  listening?: boolean;
  /** 0..1: the microphone's live level while listening. */
  level?: number;
  /** A line under the composer about the microphone (off, text mode…). */
  micNote?: string;
  /** Above the list: the room's header (name, back, start/end). */
  header?: ReactNode;
  /** Between the header and the list: notices (speech missing, paused room). */
  notices?: ReactNode;
  /** 'Earlier conversation of …' when a past conversation is continued. */
  earlierLabel?: string | null;
}

export const OFFLINE_MARK = 'Waiting for signal — sends when you are back online';
export const WAITING_MARK = 'Waiting to send';
export const SENT_MARK = 'Sent — waiting for the answer';

const statusText: Record<Status, string> = {
  connected: 'Connected',
  connecting: 'Connecting...',
  disconnecting: 'Disconnected',
  disconnected: 'Disconnected',
};

/**
 * The room's conversation, filling the space it is given: the header with the session button
 * and status, the scrolling messages, and at the bottom the state line and the composer with
 * the voice control. Typing before Start is allowed (the page starts a text conversation).
 */
export function RoomChatPanel(props: RoomChatPanelProps) {
  const { agentName, status, messages, agentTyping, textOnlyReason } = props;
  const headingId = useId();
  const [text, setText] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const { offline = false, queued = [] } = props;
  const connected = status === 'connected';
  const idle = status === 'disconnected' && props.canStart;
  // Without signal the input stays usable: questions are saved and sent on reconnect.
  const canSend = (offline || idle || (connected && !agentTyping)) && text.trim() !== '';

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend) return;
    if (props.onSend(text)) {
      setText('');
      props.onDraftChange('');
    }
  };

  const lastAgent = [...messages].reverse().find((m) => !m.isUser && !m.streaming);
  const lastUser = [...messages].reverse().find((m) => m.isUser && !m.earlier);
  const streaming = messages.some((m) => m.streaming);
  const last = messages[messages.length - 1];
  const contentKey = `${messages.length}:${last?.text.length ?? 0}:${queued.length}:${agentTyping}`;
  const earlier = messages.filter((m) => m.earlier);
  const current = messages.filter((m) => !m.earlier);

  const edit = (m: ChatMessage) => {
    setText(m.text);
    props.onDraftChange(m.text);
    inputRef.current?.focus();
  };
  const item = (m: ChatMessage) => (
    <ChatMessageItem
      key={m.id}
      message={m}
      agentName={agentName}
      onOpenCitation={props.onOpenCitation}
      onFeedback={m.earlier ? undefined : (like) => props.onFeedback(m.id, like)}
      canRate={props.canRate}
      onEdit={m === lastUser && !agentTyping ? () => edit(m) : undefined}
    />
  );

  const sessionButton =
    status === 'disconnected' ? (
      <Button
        variant="contained"
        onClick={props.onStart}
        disabled={!props.canStart}
        sx={{ minHeight: 44, flexShrink: 0 }}
      >
        Start Conversation
      </Button>
    ) : status === 'connected' ? (
      <Button
        variant="outlined"
        color="error"
        onClick={props.onEnd}
        sx={{ minHeight: 44, flexShrink: 0 }}
      >
        End Conversation
      </Button>
    ) : (
      <Button variant="contained" disabled sx={{ minHeight: 44, flexShrink: 0 }}>
        Connecting...
      </Button>
    );

  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      data-status={status}
      data-mode={props.mode}
      data-audio-chunks={props.audioChunks}
      sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0, gap: 1 }}
    >
      {props.header}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography
            id={headingId}
            component="h2"
            variant="subtitle1"
            noWrap
            sx={{ fontWeight: 600 }}
          >
            Chat with {agentName}
          </Typography>
          <Typography role="status" variant="body2" sx={{ color: 'text.secondary' }}>
            {statusText[status]}
          </Typography>
        </Box>
        {sessionButton}
      </Box>
      {props.notices}

      {textOnlyReason && status !== 'disconnected' ? (
        <Alert severity="info">
          {textOnlyReason === 'microphone'
            ? 'The microphone could not be opened, so this conversation is text only. Type your questions below; to talk, allow the microphone in the browser and start a new conversation.'
            : 'Audio could not be started in this browser, so this conversation is text only. Type your questions below.'}
        </Alert>
      ) : null}

      {offline || queued.length > 0 ? (
        <Alert severity={offline ? 'warning' : 'info'} role="status">
          {offline
            ? queued.length > 0
              ? `No signal. ${queued.length === 1 ? 'Your question is' : `Your ${queued.length} questions are`} saved on this device and will be sent when you are back online.`
              : 'No signal. You can keep typing: questions are saved on this device and sent when you are back online.'
            : connected
              ? `Sending your saved questions, one at a time (${queued.length} left).`
              : queued.length === 1
                ? '1 saved question is waiting. It is sent when the conversation starts.'
                : `${queued.length} saved questions are waiting. They are sent when the conversation starts.`}
        </Alert>
      ) : null}

      <Box
        sx={{
          flex: 1,
          minHeight: 0,
          display: 'flex',
          border: 1,
          borderColor: 'divider',
          borderRadius: 2,
          bgcolor: 'background.paper',
        }}
      >
        <MessageList
          empty={messages.length === 0 && queued.length === 0}
          contentKey={contentKey}
          earlier={earlier.length > 0 ? earlier.map(item) : null}
          earlierLabel={earlier.length > 0 ? props.earlierLabel : null}
        >
          {current.map(item)}
          {queued.map((q) => (
            <ChatMessageItem
              key={q.id}
              message={{ id: q.id, text: q.text, isUser: true, isError: false, citations: [] }}
              agentName={agentName}
              onOpenCitation={props.onOpenCitation}
              pending={q.sent ? SENT_MARK : offline ? OFFLINE_MARK : WAITING_MARK}
              onRemove={
                q.sent || !props.onRemoveQueued ? undefined : () => props.onRemoveQueued?.(q.id)
              }
            />
          ))}
        </MessageList>
      </Box>

      <ConversationState
        agentName={agentName}
        thinking={agentTyping && !streaming}
        writing={streaming}
        speaking={connected && props.mode === 'speaking'}
        listening={Boolean(props.listening) && props.mode !== 'speaking'}
        level={props.level ?? 0}
        note={props.micNote}
      />
      {/* New agent answers are read out once, without re-reading the whole list. */}
      <Box aria-live="polite" sx={visuallyHidden}>
        {lastAgent && !lastAgent.earlier ? `${agentName}: ${lastAgent.text}` : ''}
      </Box>

      <Box
        component="form"
        onSubmit={submit}
        sx={{ display: 'flex', gap: 1, alignItems: 'flex-end' }}
      >
        <TextField
          value={text}
          inputRef={inputRef}
          onChange={(e) => {
            setText(e.target.value);
            props.onDraftChange(e.target.value);
          }}
          onKeyDown={(e) => {
            // Enter sends (a single-line input; the form's own submit does the same).
            if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
              e.preventDefault();
              submit();
            }
          }}
          onFocus={props.onInputFocus}
          placeholder={
            offline
              ? 'No signal: type a question, it is sent later'
              : connected || idle
                ? `Send a message to ${agentName}...`
                : 'Starting conversation...'
          }
          // A room this user may not start takes no message (saved ones wait for the signal).
          disabled={status === 'disconnected' && !props.canStart && !offline}
          fullWidth
          autoComplete="off"
          slotProps={{ htmlInput: { 'aria-label': `Message to ${agentName}`, maxLength: 2000 } }}
          sx={{ '& .MuiInputBase-root': { borderRadius: 3, minHeight: 56 } }}
        />
        <Button
          type="submit"
          variant="contained"
          disabled={!canSend}
          aria-label={agentTyping && !offline ? 'Sending...' : 'Send'}
          sx={{ minHeight: 56, minWidth: { xs: 56, sm: 112 }, px: { xs: 1, sm: 2 }, flexShrink: 0 }}
        >
          <SendIcon />
          <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' }, ml: 1 }}>
            {agentTyping && !offline ? 'Sending...' : 'Send'}
          </Box>
        </Button>
        {props.voiceControl}
      </Box>
    </Box>
  );
}
