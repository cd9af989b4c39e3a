import type { Citation } from '@fieldcraft/contracts';
import type { Mode, Status } from '@fieldcraft/voice-client';
import { EmptyState, visuallyHidden } from '@fieldcraft/ui';
import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, type ReactNode, useId, useLayoutEffect, useRef, useState } from 'react';
import { config } from '../../../shared/config';
import type { ChatMessage } from '../conversation/use-chat-messages';
import type { QueuedChatQuestion } from '../conversation/use-offline-questions';
import type { TextOnlyReason } from '../conversation/use-room-audio';
import { ChatMessageItem } from './chat-message-item';

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
  /** Shown under the session button (the talk/type switch, Hold to talk). */
  controls?: ReactNode;
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

/** The spec's room chat: session button and status, message list, thinking indicator, input. */
export function RoomChatPanel(props: RoomChatPanelProps) {
  const { agentName, status, messages, agentTyping, textOnlyReason } = props;
  const headingId = useId();
  const [text, setText] = useState('');
  const listRef = useRef<HTMLDivElement>(null);
  const nearBottomRef = useRef(true);
  const { offline = false, queued = [] } = props;
  const connected = status === 'connected';
  // Without signal the input stays usable: questions are saved and sent on reconnect.
  const canSend = (offline || (connected && !agentTyping)) && text.trim() !== '';

  // Hold the view at the newest message while the reader is within 100 px of the bottom.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (list && nearBottomRef.current) list.scrollTop = list.scrollHeight;
  }, [messages.length, queued.length, agentTyping]);
  const onScroll = () => {
    const list = listRef.current;
    if (!list) return;
    nearBottomRef.current =
      list.scrollHeight - list.scrollTop - list.clientHeight <= config.chat.autoScrollThresholdPx;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (props.onSend(text)) {
      setText('');
      props.onDraftChange('');
    }
  };

  const lastAgent = [...messages].reverse().find((m) => !m.isUser);
  const sessionButton =
    status === 'disconnected' ? (
      <Button
        variant="contained"
        onClick={props.onStart}
        disabled={!props.canStart}
        sx={{ minHeight: 44 }}
      >
        Start Conversation
      </Button>
    ) : status === 'connected' ? (
      <Button variant="contained" color="error" onClick={props.onEnd} sx={{ minHeight: 44 }}>
        End Conversation
      </Button>
    ) : (
      <Button variant="contained" disabled sx={{ minHeight: 44 }}>
        Connecting...
      </Button>
    );

  return (
    <Card
      component="section"
      aria-labelledby={headingId}
      data-status={status}
      data-mode={props.mode}
      data-audio-chunks={props.audioChunks}
    >
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box
          sx={{
            display: 'flex',
            flexDirection: { xs: 'column', sm: 'row' },
            alignItems: { xs: 'stretch', sm: 'center' },
            justifyContent: 'space-between',
            gap: 1.5,
          }}
        >
          <Box>
            <Typography id={headingId} component="h2" variant="h6">
              Chat with {agentName}
            </Typography>
            <Typography role="status" variant="body2" sx={{ color: 'text.secondary' }}>
              {statusText[status]}
            </Typography>
            {connected && props.mode === 'speaking' ? (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {agentName} is speaking
              </Typography>
            ) : null}
          </Box>
          {sessionButton}
        </Box>
        {/* With the session button, so that both are on a phone's first screen. */}
        {props.controls}

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
          ref={listRef}
          onScroll={onScroll}
          tabIndex={0}
          role="region"
          aria-label="Messages"
          sx={{
            maxHeight: { xs: '12rem', sm: '16rem' },
            overflowY: 'auto',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            p: 1.5,
            '&:focus-visible': {
              outline: '2px solid',
              outlineColor: 'primary.main',
              outlineOffset: 2,
            },
          }}
        >
          {messages.length === 0 && queued.length === 0 ? (
            <EmptyState
              icon={<ChatBubbleOutlineIcon />}
              title="Ready to chat"
              description="Start a conversation by typing below"
            />
          ) : (
            <Box
              component="ul"
              sx={{
                listStyle: 'none',
                m: 0,
                p: 0,
                display: 'flex',
                flexDirection: 'column',
                gap: 1.5,
              }}
            >
              {messages.map((m) => (
                <ChatMessageItem
                  key={m.id}
                  message={m}
                  agentName={agentName}
                  onOpenCitation={props.onOpenCitation}
                  onFeedback={(like) => props.onFeedback(m.id, like)}
                  canRate={props.canRate}
                />
              ))}
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
            </Box>
          )}
        </Box>

        <Box aria-live="polite" sx={{ minHeight: '1.5em' }}>
          {agentTyping ? (
            <Typography variant="body2" sx={{ color: 'text.secondary', fontStyle: 'italic' }}>
              {agentName} is thinking...
            </Typography>
          ) : null}
        </Box>
        {/* New agent answers are read out once, without re-reading the whole list. */}
        <Box aria-live="polite" sx={visuallyHidden}>
          {lastAgent ? `${agentName}: ${lastAgent.text}` : ''}
        </Box>

        <Box
          component="form"
          onSubmit={submit}
          sx={{ display: 'flex', gap: 1, flexDirection: { xs: 'column', sm: 'row' } }}
        >
          <TextField
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              props.onDraftChange(e.target.value);
            }}
            onFocus={props.onInputFocus}
            placeholder={
              offline
                ? 'No signal: type a question, it is sent later'
                : connected
                  ? `Send a message to ${agentName}...`
                  : 'Starting conversation...'
            }
            fullWidth
            autoComplete="off"
            slotProps={{ htmlInput: { 'aria-label': `Message to ${agentName}`, maxLength: 2000 } }}
          />
          <Button
            type="submit"
            variant="contained"
            disabled={!canSend}
            endIcon={<SendIcon />}
            sx={{ minHeight: 44, minWidth: 120, flexShrink: 0 }}
          >
            {agentTyping && !offline ? 'Sending...' : 'Send'}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
