import type { Citation } from '@fieldcraft/contracts';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import ThumbDownIcon from '@mui/icons-material/ThumbDown';
import ThumbDownOutlinedIcon from '@mui/icons-material/ThumbDownOutlined';
import ThumbUpIcon from '@mui/icons-material/ThumbUp';
import ThumbUpOutlinedIcon from '@mui/icons-material/ThumbUpOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '../visually-hidden';

export interface ChatMessageView {
  id: string;
  text: string;
  isUser: boolean;
  isError: boolean;
  citations: Citation[];
  eventId?: number;
  feedback?: 'like' | 'dislike' | null;
  detail?: string;
}

export interface ChatMessageItemProps {
  message: ChatMessageView;
  agentName: string;
  onOpenCitation: (citation: Citation) => void;
  /** Omit for read-only transcripts: the chosen rating is shown as text instead. */
  onFeedback?: (like: boolean) => void;
  /** False once the session is over (feedback goes over the live socket). */
  canRate?: boolean;
}

export const citationLabel = (c: Citation) => `${c.title}, page ${c.page}`;

/** One chat bubble: the text, the answer's citations and (agent answers) thumbs up/down. */
export function ChatMessageItem({
  message,
  agentName,
  onOpenCitation,
  onFeedback,
  canRate = false,
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
      <Box
        data-error={isError || undefined}
        sx={{
          maxWidth: '85%',
          px: 1.5,
          py: 1,
          borderRadius: 2,
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          ...(isError
            ? {
                bgcolor: (t) => alpha(t.palette.error.main, 0.08),
                color: 'error.dark',
                border: 1,
                borderColor: 'error.main',
              }
            : isUser
              ? { bgcolor: 'primary.main', color: 'primary.contrastText' }
              : { bgcolor: 'action.hover', color: 'text.primary' }),
        }}
      >
        <Box component="span" sx={visuallyHidden}>
          {isUser ? 'You: ' : `${agentName}: `}
        </Box>
        {message.text}
      </Box>
      {isError && message.detail ? (
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {message.detail}
        </Typography>
      ) : null}
      {message.citations.length > 0 ? (
        <Box
          component="ul"
          aria-label="Sources"
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 0.5 }}
        >
          {message.citations.map((c, i) => (
            <li key={`${c.contentId}-${c.page}-${i}`}>
              <Button
                size="small"
                variant="outlined"
                color="secondary"
                startIcon={<DescriptionOutlinedIcon />}
                onClick={() => onOpenCitation(c)}
                sx={{ minHeight: 44, textTransform: 'none', textAlign: 'left' }}
              >
                {citationLabel(c)}
              </Button>
            </li>
          ))}
        </Box>
      ) : null}
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
