import { EmptyState } from '@fieldcraft/ui';
import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import { type ReactNode, useCallback, useLayoutEffect, useRef, useState } from 'react';
import { config } from '../../../shared/config';

export interface MessageListProps {
  /** Nothing said yet (no messages, no saved questions): the spec's empty state. */
  empty: boolean;
  /** Changes whenever the list's content grows (a new message, a streamed part). */
  contentKey: string;
  /** Shown between a continued conversation's turns and the new ones. */
  earlierLabel?: string | null;
  earlier?: ReactNode;
  children: ReactNode;
}

/**
 * The conversation's scrolling list. It follows new content only while the reader is at the
 * bottom (within the configured threshold); scrolled up, earlier turns stay put while an
 * answer streams in, and 'Jump to latest' brings the newest into view.
 */
export function MessageList({
  empty,
  contentKey,
  earlierLabel,
  earlier,
  children,
}: MessageListProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const nearBottomRef = useRef(true);
  const [behind, setBehind] = useState(false);

  const toBottom = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    list.scrollTop = list.scrollHeight;
    nearBottomRef.current = true;
    setBehind(false);
  }, []);

  useLayoutEffect(() => {
    if (nearBottomRef.current) toBottom();
    else setBehind(true);
  }, [contentKey, toBottom]);

  const onScroll = () => {
    const list = listRef.current;
    if (!list) return;
    const near =
      list.scrollHeight - list.scrollTop - list.clientHeight <= config.chat.autoScrollThresholdPx;
    nearBottomRef.current = near;
    if (near) setBehind(false);
  };

  return (
    <Box sx={{ position: 'relative', flex: 1, minHeight: 0, display: 'flex' }}>
      <Box
        ref={listRef}
        onScroll={onScroll}
        tabIndex={0}
        role="region"
        aria-label="Messages"
        sx={{
          flex: 1,
          overflowY: 'auto',
          overscrollBehavior: 'contain',
          px: { xs: 0.5, sm: 1.5 },
          py: 1.5,
          '&:focus-visible': {
            outline: '2px solid',
            outlineColor: 'primary.main',
            outlineOffset: -2,
          },
        }}
      >
        {empty ? (
          <EmptyState
            icon={<ChatBubbleOutlineIcon />}
            title="Ready to chat"
            description="Start a conversation by typing below"
          />
        ) : (
          <Box component="ul" sx={listSx}>
            {earlier}
            {earlierLabel ? (
              <Box component="li" aria-hidden={false}>
                <Divider sx={{ typography: 'body2', color: 'text.secondary' }}>
                  {earlierLabel}
                </Divider>
              </Box>
            ) : null}
            {children}
          </Box>
        )}
      </Box>
      {behind ? (
        <Button
          variant="contained"
          size="small"
          onClick={toBottom}
          startIcon={<KeyboardArrowDownIcon />}
          sx={{
            position: 'absolute',
            bottom: 12,
            left: '50%',
            transform: 'translateX(-50%)',
            minHeight: 44,
            borderRadius: 22,
            boxShadow: 3,
          }}
        >
          Jump to latest
        </Button>
      ) : null}
    </Box>
  );
}

const listSx = {
  listStyle: 'none',
  m: 0,
  p: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: 1.5,
} as const;
