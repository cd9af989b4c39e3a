import type { Citation } from '@fieldcraft/contracts';
import { ChatBubble, SourceButtons } from '@fieldcraft/ui';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { citationLabel } from '../../../../shared/content-opening/citation-target';
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
      <ChatBubble
        speaker={isUser ? 'You' : assistantTexts.assistantName}
        isUser={isUser}
        isError={isError}
      >
        {message.text}
      </ChatBubble>
      <SourceButtons
        sources={message.citations.map((c, i) => ({
          key: `${c.contentId}-${c.page}-${i}`,
          label: citationLabel(c),
          ariaLabel: `Open ${citationLabel(c)}`,
          onOpen: () => onOpenCitation(c),
        }))}
      />
      {!isUser && !isError && !message.answered ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {assistantTexts.gapNote}
          </Typography>
          {gapAction}
        </Box>
      ) : null}
    </Box>
  );
}
