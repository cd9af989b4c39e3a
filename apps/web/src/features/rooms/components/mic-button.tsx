import KeyboardIcon from '@mui/icons-material/Keyboard';
import MicIcon from '@mui/icons-material/Mic';
import MicOffIcon from '@mui/icons-material/MicOff';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { type KeyboardEvent, type PointerEvent, useRef } from 'react';

/** A press longer than this is "hold to talk"; a shorter one is a tap. */
export const HOLD_MS = 400;

export interface MicButtonProps {
  /** A voice session runs with its microphone open: the button mutes and unmutes it. */
  voiceLive: boolean;
  micMuted: boolean;
  /** 0..1, the microphone's live level (drawn as a ring while it listens). */
  level: number;
  /** The session is connecting: nothing to press. */
  busy: boolean;
  /** No voice live: the user asks for the microphone (start a voice conversation or switch). */
  onVoice: () => void;
  /** Tap: the microphone stays on (false) or off (true). */
  onMutedChange: (muted: boolean) => void;
  /** Hold: the microphone is on only while the button is held. */
  onHeld: (held: boolean) => void;
  /** Only while voice is live: type instead (no microphone, answers as text). */
  onText: () => void;
  /** Without voice: 'Talk' (no session) or 'Switch to voice' (a text session runs). */
  voiceLabel: string;
}

const isSpace = (e: KeyboardEvent) => e.key === ' ' || e.code === 'Space';

/**
 * The one voice control: without voice it asks for the microphone; with voice a tap mutes or
 * unmutes it, and holding it (finger, mouse or Space) talks while muted. Its name says what a
 * tap does; the state line beside the composer says what the microphone is doing.
 */
export function MicButton(props: MicButtonProps) {
  const { voiceLive, micMuted, level, busy } = props;
  const downAt = useRef<number | null>(null);
  const wasMuted = useRef(false);

  const press = () => {
    if (downAt.current !== null) return;
    downAt.current = Date.now();
    wasMuted.current = micMuted;
    // Muted: the microphone opens at once, so a hold talks from the first word.
    if (micMuted) props.onHeld(true);
  };
  const release = (cancelled = false) => {
    const at = downAt.current;
    if (at === null) return;
    downAt.current = null;
    props.onHeld(false);
    if (cancelled) return;
    const tap = Date.now() - at < HOLD_MS;
    // A tap toggles; a hold was talking, and the microphone goes back to off.
    if (tap) props.onMutedChange(!wasMuted.current);
  };

  if (!voiceLive) {
    return (
      <IconButton
        aria-label={props.voiceLabel}
        onClick={props.onVoice}
        disabled={busy}
        sx={{ ...round, border: 2, borderColor: 'primary.main', color: 'primary.main' }}
      >
        <MicIcon />
      </IconButton>
    );
  }

  const ring = Math.round(Math.min(1, level * 4) * 10);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      <IconButton
        aria-label="Switch to text"
        onClick={props.onText}
        sx={{ width: 48, height: 48, color: 'text.secondary' }}
      >
        <KeyboardIcon />
      </IconButton>
      <IconButton
        aria-label={micMuted ? 'Unmute microphone' : 'Mute microphone'}
        aria-description="Tap to switch the microphone on or off; hold it to talk."
        data-level={ring}
        onPointerDown={(e: PointerEvent<HTMLButtonElement>) => {
          e.currentTarget.setPointerCapture?.(e.pointerId);
          press();
        }}
        onPointerUp={() => release()}
        onPointerCancel={() => release(true)}
        onContextMenu={(e) => e.preventDefault()}
        onKeyDown={(e) => {
          if (!isSpace(e)) return;
          e.preventDefault();
          if (!e.repeat) press();
        }}
        onKeyUp={(e) => {
          if (!isSpace(e)) return;
          e.preventDefault();
          release();
        }}
        // Enter, and a screen reader's activation, arrive as a click without a pointer.
        onClick={(e) => {
          if (e.detail === 0 && downAt.current === null) props.onMutedChange(!micMuted);
        }}
        onBlur={() => release(true)}
        sx={{
          ...round,
          touchAction: 'none',
          userSelect: 'none',
          bgcolor: micMuted ? 'action.selected' : 'primary.main',
          color: micMuted ? 'text.primary' : 'primary.contrastText',
          // The live input level: a ring that grows with the voice.
          boxShadow: micMuted ? 'none' : (t) => `0 0 0 ${ring}px ${t.palette.primary.light}`,
          transition: 'box-shadow 80ms linear',
          '&:hover': { bgcolor: micMuted ? 'action.hover' : 'primary.dark' },
        }}
      >
        {micMuted ? <MicOffIcon /> : <MicIcon />}
      </IconButton>
    </Box>
  );
}

const round = { width: 56, height: 56, flexShrink: 0 } as const;
