import type { User } from '@fieldcraft/contracts';
import { EmptyState, PageHeader } from '@fieldcraft/ui';
import AddCommentOutlinedIcon from '@mui/icons-material/AddCommentOutlined';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ExternalLinkDialog } from '../../../../shared/content-opening/external-link-dialog';
import { useOpenCitation } from '../../../../shared/content-opening/use-open-citation';
import { paths } from '../../../../shared/paths';
import { useAskAssistantMutation } from '../assistant-chat.api';
import { HISTORY_TURNS, assistantTexts as t } from '../assistant-chat.texts';
import { AssistantMessage, type AssistantChatMessage } from './assistant-message';

let counter = 0;
const newId = () => `m${Date.now().toString(36)}${(counter++).toString(36)}`;

/**
 * /simple-chat ('AI Assistant Chat'): a typed chat with the local advisor over the whole
 * library the signed-in OWNER (or ADMIN) may see. The conversation lives in this page only
 * (docs/assistant-and-agents.md): each question carries the recent turns.
 */
export function AssistantChatPage({ user }: { user: User }) {
  const [ask, { isLoading: thinking }] = useAskAssistantMutation();
  const [messages, setMessages] = useState<AssistantChatMessage[]>([]);
  const [draft, setDraft] = useState('');
  const citations = useOpenCitation();
  const listRef = useRef<HTMLUListElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages, thinking]);

  async function send(event?: FormEvent) {
    event?.preventDefault();
    const question = draft.trim();
    if (!question || thinking) return;
    const history = messages
      .filter((m) => !m.isError)
      .slice(-HISTORY_TURNS)
      .map((m) => ({ role: m.role, text: m.text }));
    setMessages((list) => [
      ...list,
      { id: newId(), role: 'user', text: question, citations: [], answered: true, isError: false },
    ]);
    setDraft('');
    try {
      const answer = await ask({ question, history }).unwrap();
      setMessages((list) => [
        ...list,
        {
          id: newId(),
          role: 'assistant',
          text: answer.text,
          citations: answer.citations,
          answered: answer.answered,
          isError: false,
        },
      ]);
    } catch {
      setMessages((list) => [
        ...list,
        {
          id: newId(),
          role: 'assistant',
          text: t.failed,
          citations: [],
          answered: true,
          isError: true,
        },
      ]);
    }
    inputRef.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    // Enter sends; Shift+Enter starts a new line.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  }

  const gapAction =
    user.role === 'OWNER' ? (
      <Button
        component={RouterLink}
        to={paths.analyticsKnowledgeGaps.getHref()}
        size="small"
        sx={{ minHeight: 44 }}
      >
        {t.seeGaps}
      </Button>
    ) : undefined;

  return (
    <>
      <PageHeader
        title={t.title}
        subtitle={t.subtitle}
        actions={
          <Button
            variant="outlined"
            startIcon={<AddCommentOutlinedIcon />}
            disabled={messages.length === 0 || thinking}
            onClick={() => {
              setMessages([]);
              setDraft('');
              inputRef.current?.focus();
            }}
          >
            {t.newChat}
          </Button>
        }
      />
      <Card
        component="section"
        aria-label="Chat"
        sx={{ display: 'flex', flexDirection: 'column', minHeight: { xs: '60vh', sm: '28rem' } }}
      >
        {messages.length === 0 ? (
          <Box sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
            <EmptyState
              icon={<ForumOutlinedIcon />}
              title={t.emptyTitle}
              description={t.emptyDescription}
            />
          </Box>
        ) : (
          <Box
            component="ul"
            ref={listRef}
            aria-label="Messages"
            aria-live="polite"
            tabIndex={0}
            sx={{
              listStyle: 'none',
              m: 0,
              p: { xs: 1.5, sm: 2.5 },
              flex: 1,
              overflowY: 'auto',
              maxHeight: { xs: '60vh', sm: '32rem' },
              display: 'flex',
              flexDirection: 'column',
              gap: 2,
            }}
          >
            {messages.map((m) => (
              <AssistantMessage
                key={m.id}
                message={m}
                onOpenCitation={citations.open}
                gapAction={gapAction}
              />
            ))}
          </Box>
        )}
        <Box role="status" sx={{ px: { xs: 1.5, sm: 2.5 }, minHeight: 24 }}>
          {thinking ? (
            <Typography
              variant="body2"
              sx={{ color: 'text.secondary', display: 'flex', alignItems: 'center', gap: 1 }}
            >
              <CircularProgress size={14} aria-hidden />
              {t.thinking}
            </Typography>
          ) : null}
        </Box>
        <Box
          component="form"
          onSubmit={send}
          sx={{
            display: 'flex',
            gap: 1,
            alignItems: 'flex-end',
            p: { xs: 1.5, sm: 2.5 },
            borderTop: 1,
            borderColor: 'divider',
          }}
        >
          <TextField
            inputRef={inputRef}
            label={t.inputLabel}
            placeholder={t.placeholder}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={onKeyDown}
            multiline
            maxRows={5}
            fullWidth
            autoFocus
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
          <Button
            type="submit"
            variant="contained"
            endIcon={<SendIcon />}
            disabled={!draft.trim() || thinking}
            sx={{ minHeight: 56, flexShrink: 0 }}
          >
            {t.send}
          </Button>
        </Box>
      </Card>
      <ExternalLinkDialog {...citations.externalDialog} />
    </>
  );
}
