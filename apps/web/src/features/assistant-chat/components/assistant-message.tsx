import type { Citation } from '@fieldcraft/contracts';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { assistantTexts } from '../assistant-chat.texts';

export interface AssistantChatMessage {
  id: string;
  role: 'user' | 'assistant';
  text: string;
  citations: Citation[];
  /** False: the library had nothing relevant (a knowledge gap was logged). */
  answered: boolean;
  isError: boolean;
}

/** Where a citation points: a PDF page, a Word section, or the item itself. */
export function citationLabel(c: Citation): string {
  if (c.type === 'PDF') return `${c.title}, page ${c.page}`;
  if (c.type === 'WORD') return `${c.title}, section ${c.page}`;
  return c.page > 1 ? `${c.title}, part ${c.page}` : c.title;
}

const hidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

export interface AssistantMessageProps {
  message: AssistantChatMessage;
  onOpenCitation: (citation: Citation) => void;
  /** Shown under an unanswered question (a link to the knowledge gaps, for an owner). */
  gapAction?: ReactNode;
}

/** One chat bubble with the sources it quotes. */
export function AssistantMessage({ message, onOpenCitation, gapAction }: AssistantMessageProps) {
  const isUser = message.role === 'user';
  const { isError } = message;
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: isUser ? 'flex-end' : 'flex-start',
        gap: 0.75,
      }}
    >
      <Box
        data-error={isError || undefined}
        sx={{
          maxWidth: { xs: '92%', sm: '80%' },
          px: 1.75,
          py: 1.25,
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
        <Box component="span" sx={hidden}>
          {isUser ? 'You: ' : `${assistantTexts.assistantName}: `}
        </Box>
        {message.text}
      </Box>
      {message.citations.length > 0 ? (
        <Box
          component="ul"
          aria-label="Sources"
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            display: 'flex',
            flexWrap: 'wrap',
            gap: 0.75,
            maxWidth: { xs: '100%', sm: '80%' },
          }}
        >
          {message.citations.map((c, i) => (
            <li key={`${c.contentId}-${c.page}-${i}`}>
              <Button
                size="small"
                variant="outlined"
                color="secondary"
                startIcon={<DescriptionOutlinedIcon />}
                onClick={() => onOpenCitation(c)}
                aria-label={`Open ${citationLabel(c)}`}
                sx={{ minHeight: 44, textTransform: 'none', textAlign: 'left' }}
              >
                {citationLabel(c)}
              </Button>
            </li>
          ))}
        </Box>
      ) : null}
      {!isUser && !isError && !message.answered ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {assistantTexts.gapNote}
          </Typography>
          {gapAction}
        </Box>
      ) : null}
    </Box>
  );
}
