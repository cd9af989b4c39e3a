import type { Citation, ConversationDetail, ConversationSummary } from '@fieldcraft/contracts';
import { DialogHeader, useWideDialog } from '@fieldcraft/ui';
import ReplyIcon from '@mui/icons-material/Reply';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useGetConversationQuery, useGetRoomConversationsQuery } from '../voice.api';
import { ChatMessageItem } from './chat-message-item';
import { formatDateTime } from '../../../shared/format/dates';

export function formatDuration(seconds: number | null): string {
  if (seconds === null) return 'In progress';
  if (seconds < 60) return `${seconds} s`;
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return s ? `${m} min ${s} s` : `${m} min`;
}

export const formatConversationDate = (iso: string) => formatDateTime(iso);

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export interface PastConversationsProps {
  roomId: number;
  agentName: string;
  onOpenCitation: (citation: Citation) => void;
  /** Continue a conversation in the chat (omitted where nothing can be started). */
  onContinue?: (detail: ConversationDetail) => void;
}

/**
 * The signed-in person's earlier conversations in this room, each reread in a dialog and,
 * where the room can be used, continued in the chat.
 */
export function PastConversations({
  roomId,
  agentName,
  onOpenCitation,
  onContinue,
}: PastConversationsProps) {
  const headingId = useId();
  const { data: conversations, isLoading, isError } = useGetRoomConversationsQuery(roomId);
  const [openId, setOpenId] = useState<string | null>(null);
  const count = conversations?.length ?? 0;

  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Box>
          <Typography id={headingId} component="h2" variant="h6">
            Past conversations
          </Typography>
          {conversations ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }} data-count={count}>
              {plural(count, 'conversation', 'conversations')} in this room
            </Typography>
          ) : null}
        </Box>
        {isLoading ? <Typography variant="body2">Loading...</Typography> : null}
        {isError ? <Alert severity="warning">Past conversations could not be loaded.</Alert> : null}
        {conversations && count === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            No past conversations in this room yet.
          </Typography>
        ) : null}
        {conversations && count > 0 ? (
          <List disablePadding sx={{ maxHeight: '24rem', overflowY: 'auto' }}>
            {conversations.map((c) => (
              <ListItem key={c.id} disablePadding divider>
                <ListItemButton
                  onClick={() => setOpenId(c.id)}
                  sx={{ minHeight: 44, display: 'block' }}
                >
                  <Typography component="span" variant="subtitle2" sx={{ display: 'block' }}>
                    {formatConversationDate(c.startedAt)}
                  </Typography>
                  <Typography
                    component="span"
                    variant="body2"
                    sx={{ display: 'block', color: 'text.secondary' }}
                  >
                    {formatDuration(c.durationSeconds)} ·{' '}
                    {plural(c.messageCount, 'message', 'messages')}
                  </Typography>
                  <Typography
                    component="span"
                    variant="body2"
                    sx={{
                      display: 'block',
                      overflow: 'hidden',
                      textOverflow: 'ellipsis',
                      whiteSpace: 'nowrap',
                    }}
                  >
                    {c.preview ?? 'No questions asked'}
                  </Typography>
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        ) : null}
      </CardContent>
      <ConversationDialog
        id={openId}
        summary={conversations?.find((c) => c.id === openId) ?? null}
        agentName={agentName}
        onClose={() => setOpenId(null)}
        onOpenCitation={onOpenCitation}
        onContinue={
          onContinue
            ? (detail) => {
                setOpenId(null);
                onContinue(detail);
              }
            : undefined
        }
      />
    </Card>
  );
}

interface ConversationDialogProps {
  id: string | null;
  summary: ConversationSummary | null;
  agentName: string;
  onClose: () => void;
  onOpenCitation: (citation: Citation) => void;
  onContinue?: (detail: ConversationDetail) => void;
}

/** One past conversation to reread: a dialog at 640 px and up, full screen below. */
function ConversationDialog({
  id,
  summary,
  agentName,
  onClose,
  onOpenCitation,
  onContinue,
}: ConversationDialogProps) {
  const wide = useWideDialog();
  const titleId = useId();
  const { data, isFetching, isError } = useGetConversationQuery(id ?? '', { skip: id === null });
  const detail = data && data.id === id ? data : undefined;
  const startedAt = detail?.startedAt ?? summary?.startedAt;

  return (
    <Dialog
      open={id !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      fullScreen={!wide}
    >
      <DialogHeader
        titleId={titleId}
        title={startedAt ? `Conversation of ${formatConversationDate(startedAt)}` : 'Conversation'}
        onClose={onClose}
      />
      <DialogContent>
        {isFetching && !detail ? <Typography>Loading...</Typography> : null}
        {isError && !detail ? (
          <Alert severity="error">This conversation could not be loaded.</Alert>
        ) : null}
        {detail ? (
          <>
            <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
              {formatDuration(detail.durationSeconds)} ·{' '}
              {plural(detail.messages.length, 'message', 'messages')}
            </Typography>
            {detail.messages.length === 0 ? (
              <Typography variant="body2">Nothing was said in this conversation.</Typography>
            ) : (
              <Box
                component="ul"
                aria-label="Transcript"
                sx={{
                  listStyle: 'none',
                  m: 0,
                  p: 0,
                  display: 'flex',
                  flexDirection: 'column',
                  gap: 1.5,
                }}
              >
                {detail.messages.map((m) => (
                  <ChatMessageItem
                    key={`${m.eventId}-${m.role}`}
                    message={{
                      id: String(m.eventId),
                      text: m.text,
                      isUser: m.role === 'user',
                      isError: false,
                      citations: m.citations,
                      eventId: m.eventId,
                      feedback: m.feedback,
                    }}
                    agentName={agentName}
                    onOpenCitation={onOpenCitation}
                  />
                ))}
              </Box>
            )}
          </>
        ) : null}
      </DialogContent>
      {detail && onContinue ? (
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button
            variant="contained"
            startIcon={<ReplyIcon />}
            onClick={() => onContinue(detail)}
            sx={{ minHeight: 44 }}
          >
            Continue this conversation
          </Button>
        </DialogActions>
      ) : null}
    </Dialog>
  );
}
