import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { alpha } from '@mui/material/styles';
import type { ReactNode } from 'react';

/** Read by screen readers, not shown. */
export const visuallyHidden = {
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

export interface ChatBubbleProps {
  /** Who speaks, read before the text by screen readers ('You', the agent's name). */
  speaker: string;
  isUser: boolean;
  isError?: boolean;
  children: ReactNode;
}

/** A chat message's bubble: the user's on the brand colour, errors outlined in red. */
export function ChatBubble({ speaker, isUser, isError = false, children }: ChatBubbleProps) {
  return (
    <Box
      data-error={isError || undefined}
      sx={{
        maxWidth: { xs: '92%', sm: '85%' },
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
        {`${speaker}: `}
      </Box>
      {children}
    </Box>
  );
}

export interface SourceLink {
  key: string;
  label: string;
  /** The button's accessible name when it should say more than the label. */
  ariaLabel?: string;
  onOpen: () => void;
}

/** The sources an answer quotes, as a list of 44 px buttons that open them. */
export function SourceButtons({ sources }: { sources: SourceLink[] }) {
  if (sources.length === 0) return null;
  return (
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
        maxWidth: { xs: '100%', sm: '85%' },
      }}
    >
      {sources.map((s) => (
        <li key={s.key}>
          <Button
            size="small"
            variant="outlined"
            color="secondary"
            startIcon={<DescriptionOutlinedIcon />}
            onClick={s.onOpen}
            aria-label={s.ariaLabel}
            sx={{ minHeight: 44, textTransform: 'none', textAlign: 'left' }}
          >
            {s.label}
          </Button>
        </li>
      ))}
    </Box>
  );
}
