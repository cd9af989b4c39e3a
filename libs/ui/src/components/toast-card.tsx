import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useRef, useState, type PointerEvent } from 'react';

export type ToastVariant = 'default' | 'destructive';

export interface ToastCardProps {
  title?: string;
  description?: string;
  variant?: ToastVariant;
  /** Called by the close button and by a swipe to the right past the threshold. */
  onDismiss: () => void;
  /** Horizontal distance in px a swipe must travel to dismiss. */
  swipeThreshold?: number;
  /** Pause/resume the auto-hide timer while the pointer or focus is on the toast. */
  onPause?: () => void;
  onResume?: () => void;
  closeLabel?: string;
}

/** One notification: title, description, close button; swipe right to dismiss. */
export function ToastCard({
  title,
  description,
  variant = 'default',
  onDismiss,
  swipeThreshold = 50,
  onPause,
  onResume,
  closeLabel = 'Close',
}: ToastCardProps) {
  const startX = useRef<number | null>(null);
  const [offset, setOffset] = useState(0);
  const destructive = variant === 'destructive';

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    if ((event.target as HTMLElement).closest('button')) return;
    startX.current = event.clientX;
  };
  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    if (startX.current === null) return;
    setOffset(Math.max(0, event.clientX - startX.current));
  };
  const onPointerEnd = (event: PointerEvent<HTMLElement>) => {
    if (startX.current === null) return;
    const travelled = event.clientX - startX.current;
    startX.current = null;
    setOffset(0);
    if (travelled > swipeThreshold) onDismiss();
  };

  return (
    <Box
      role={destructive ? 'alert' : 'status'}
      aria-atomic
      data-variant={variant}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={() => {
        startX.current = null;
        setOffset(0);
      }}
      onMouseEnter={onPause}
      onMouseLeave={onResume}
      onFocus={onPause}
      onBlur={onResume}
      sx={{
        display: 'flex',
        alignItems: 'flex-start',
        gap: 1,
        p: 2,
        pr: 1,
        borderRadius: 3,
        border: 1,
        borderColor: destructive ? 'error.dark' : 'divider',
        bgcolor: destructive ? 'error.main' : 'background.paper',
        color: destructive ? 'error.contrastText' : 'text.primary',
        boxShadow: '0 12px 32px rgba(16, 24, 40, 0.18)',
        touchAction: 'pan-y',
        transform: `translateX(${offset}px)`,
        opacity: offset > 0 ? Math.max(0.3, 1 - offset / 200) : 1,
        transition: offset > 0 ? 'none' : 'transform 150ms ease-out, opacity 150ms ease-out',
        userSelect: 'none',
      }}
    >
      <Box sx={{ flex: 1, minWidth: 0, py: 0.5 }}>
        {title ? (
          <Typography component="p" sx={{ fontWeight: 700 }}>
            {title}
          </Typography>
        ) : null}
        {description ? (
          <Typography component="p" variant="body2" sx={{ opacity: destructive ? 1 : 0.9 }}>
            {description}
          </Typography>
        ) : null}
      </Box>
      <IconButton aria-label={closeLabel} onClick={onDismiss} sx={{ color: 'inherit' }}>
        <CloseIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}
