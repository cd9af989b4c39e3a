import type { Citation } from '@fieldcraft/contracts';
import { ChatBubble, SourceButtons } from '@fieldcraft/ui';
import ThumbDownIcon from '@mui/icons-material/ThumbDown';
import ThumbDownOutlinedIcon from '@mui/icons-material/ThumbDownOutlined';
import ThumbUpIcon from '@mui/icons-material/ThumbUp';
import ThumbUpOutlinedIcon from '@mui/icons-material/ThumbUpOutlined';
import EditIcon from '@mui/icons-material/Edit';
import ScheduleIcon from '@mui/icons-material/Schedule';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { citationLabel } from '../../../shared/content-opening/citation-target';

export interface ChatMessageView {
  id: string;
  text: string;
  isUser: boolean;
  isError: boolean;
  citations: Citation[];
  eventId?: number;
  feedback?: 'like' | 'dislike' | null;
  detail?: string;
  /** Still being written (streamed parts). */
  streaming?: boolean;
}

export interface ChatMessageItemProps {
  message: ChatMessageView;
  agentName: string;
  onOpenCitation: (citation: Citation) => void;
  /** Omit for read-only transcripts: the chosen rating is shown as text instead. */
  onFeedback?: (like: boolean) => void;
  /** False once the session is over (feedback goes over the live socket). */
  canRate?: boolean;
  /** A question saved on this device, not answered yet: what its mark says. */
  pending?: string;
  /** For a saved question not yet sent: drops it. */
  onRemove?: () => void;
  /** The user's own words (typed or as recognised): put them back in the input to resend. */
  onEdit?: () => void;
}

/** One chat bubble: the text, the answer's citations and (agent answers) thumbs up/down. */
export function ChatMessageItem({
  message,
  agentName,
  onOpenCitation,
  onFeedback,
  canRate = false,
  pending,
  onRemove,
  onEdit,
}: ChatMessageItemProps) {
  const { isUser, isError } = message;
  const rateable = !isUser && !isError && message.eventId !== undefined;
  const rated = message.feedback ?? null;
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: isUser ? 'flex-end' : 'flex-start',
        gap: 0.5,
      }}
    >
      <Box aria-busy={message.streaming ? true : undefined} sx={{ display: 'contents' }}>
        <ChatBubble speaker={isUser ? 'You' : agentName} isUser={isUser} isError={isError}>
          {message.text}
        </ChatBubble>
      </Box>
      {onEdit ? (
        // An icon (the bubble's text stays the item's only text); its name says what it does.
        <IconButton
          onClick={onEdit}
          aria-label={`Edit and resend: ${message.text}`}
          title="Edit and resend"
          sx={{ width: 44, height: 44 }}
        >
          <EditIcon fontSize="small" />
        </IconButton>
      ) : null}
      {pending ? (
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            flexWrap: 'wrap',
            justifyContent: 'flex-end',
            gap: 1,
          }}
        >
          <Typography
            variant="body2"
            sx={{ color: 'text.secondary', display: 'flex', alignItems: 'center', gap: 0.5 }}
          >
            <ScheduleIcon fontSize="small" aria-hidden />
            {pending}
          </Typography>
          {onRemove ? (
            <Button
              size="small"
              variant="outlined"
              color="secondary"
              onClick={onRemove}
              aria-label={`Remove the question: ${message.text}`}
              sx={{ minHeight: 44, minWidth: 44 }}
            >
              Remove
            </Button>
          ) : null}
        </Box>
      ) : null}
      {isError && message.detail ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {message.detail}
        </Typography>
      ) : null}
      <SourceButtons
        sources={message.citations.map((c, i) => ({
          key: `${c.contentId}-${c.page}-${i}`,
          label: citationLabel(c),
          onOpen: () => onOpenCitation(c),
        }))}
      />
      {rateable && onFeedback ? (
        <Box role="group" aria-label="Rate this answer" sx={{ display: 'flex', gap: 0.5 }}>
          <IconButton
            aria-label="Helpful"
            aria-pressed={rated === 'like'}
            disabled={!canRate || rated !== null}
            onClick={() => onFeedback(true)}
            color={rated === 'like' ? 'primary' : 'default'}
            sx={{
              width: 44,
              height: 44,
              '&.Mui-disabled': rated === 'like' ? { color: 'primary.main' } : {},
            }}
          >
            {rated === 'like' ? (
              <ThumbUpIcon fontSize="small" />
            ) : (
              <ThumbUpOutlinedIcon fontSize="small" />
            )}
          </IconButton>
          <IconButton
            aria-label="Not helpful"
            aria-pressed={rated === 'dislike'}
            disabled={!canRate || rated !== null}
            onClick={() => onFeedback(false)}
            color={rated === 'dislike' ? 'primary' : 'default'}
            sx={{
              width: 44,
              height: 44,
              '&.Mui-disabled': rated === 'dislike' ? { color: 'primary.main' } : {},
            }}
          >
            {rated === 'dislike' ? (
              <ThumbDownIcon fontSize="small" />
            ) : (
              <ThumbDownOutlinedIcon fontSize="small" />
            )}
          </IconButton>
          {rated ? (
            <Typography variant="caption" sx={{ alignSelf: 'center', color: 'text.secondary' }}>
              Thanks for your feedback
            </Typography>
          ) : null}
        </Box>
      ) : null}
      {!onFeedback && !isUser && rated ? (
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {rated === 'like' ? 'You rated this answer helpful' : 'You rated this answer not helpful'}
        </Typography>
      ) : null}
    </Box>
  );
}
