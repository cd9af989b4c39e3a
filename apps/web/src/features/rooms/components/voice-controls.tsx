import KeyboardIcon from '@mui/icons-material/Keyboard';
import MicIcon from '@mui/icons-material/Mic';
import MicOffIcon from '@mui/icons-material/MicOff';
import RecordVoiceOverIcon from '@mui/icons-material/RecordVoiceOver';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { type KeyboardEvent, useId } from 'react';
import type { VoicePreferences } from '../voice-preferences';

export interface VoiceControlsProps {
  agentName: string;
  preferences: VoicePreferences;
  onChange: (change: Partial<VoicePreferences>) => void;
  /** A voice session runs with its microphone on (not text mode, not text only). */
  voiceLive: boolean;
  /** A text-only session runs: the choices apply from the next voice conversation. */
  textOnly: boolean;
  micMuted: boolean;
}

const isSpace = (e: KeyboardEvent) => e.key === ' ' || e.code === 'Space';

/**
 * For noisy sites: mute, hold-to-talk (the microphone is off unless the big button beside the
 * message input is held) and mute-while-the-agent-speaks. Remembered per room on this device.
 */
export function VoiceControls(props: VoiceControlsProps) {
  const { preferences: p, onChange, agentName } = props;
  const headingId = useId();
  const micText = p.textMode
    ? 'Microphone off (text mode)'
    : !props.voiceLive
      ? 'Microphone off (no voice conversation)'
      : props.micMuted
        ? 'Microphone muted'
        : 'Microphone on';

  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Box>
          <Typography id={headingId} component="h2" variant="h6">
            Voice controls
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            For loud sites. Saved for this room on this device.
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Button
            variant={p.muted ? 'contained' : 'outlined'}
            color={p.muted ? 'error' : 'secondary'}
            aria-pressed={p.muted}
            startIcon={p.muted ? <MicOffIcon /> : <MicIcon />}
            onClick={() => onChange({ muted: !p.muted })}
            sx={{ minHeight: 44 }}
          >
            Mute microphone
          </Button>
          <Typography role="status" variant="body2" sx={{ color: 'text.secondary' }}>
            {micText}
          </Typography>
        </Box>
        <FormControlLabel
          control={
            <Switch
              checked={p.holdToTalk}
              onChange={(e) => onChange({ holdToTalk: e.target.checked })}
            />
          }
          label="Hold to talk: the microphone is off unless the button is held"
          sx={{ minHeight: 44, mr: 0 }}
        />
        <FormControlLabel
          control={
            <Switch
              checked={p.muteWhileAgentSpeaks}
              onChange={(e) => onChange({ muteWhileAgentSpeaks: e.target.checked })}
            />
          }
          label={`Mute the microphone while ${agentName} speaks`}
          sx={{ minHeight: 44, mr: 0 }}
        />
        {p.textMode ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Text mode is on: these choices apply when you switch back to voice.
          </Typography>
        ) : props.textOnly ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            This conversation is text only; these choices apply to the next voice conversation.
          </Typography>
        ) : null}
      </CardContent>
    </Card>
  );
}

const bigButton = { minHeight: 88, fontSize: '1.125rem' } as const;

export interface TalkControlsProps {
  preferences: VoicePreferences;
  /** A voice session runs with its microphone on: the Hold to talk button can be held. */
  voiceLive: boolean;
  talkHeld: boolean;
  onTalkHeld: (held: boolean) => void;
  onTextModeChange: (textMode: boolean) => void;
  /** The microphone could not be opened again on the switch back to voice. */
  micFailed: boolean;
}

/**
 * Beside the message input, within a thumb's reach: the one-tap switch between talking and
 * typing (remembered for the room) and, with hold-to-talk on, the large Hold to talk button.
 */
export function TalkControls(props: TalkControlsProps) {
  const { preferences: p, talkHeld, onTalkHeld } = props;
  const holdHelpId = useId();
  const showHold = p.holdToTalk && !p.textMode;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box
        sx={{
          display: 'grid',
          gap: 1,
          // Stacked on a phone (each label on one line), side by side from 600 px.
          gridTemplateColumns: showHold ? { xs: '1fr', sm: '1fr 2fr' } : '1fr',
        }}
      >
        <Button
          variant="outlined"
          color="secondary"
          size="large"
          startIcon={p.textMode ? <RecordVoiceOverIcon /> : <KeyboardIcon />}
          onClick={() => props.onTextModeChange(!p.textMode)}
          sx={bigButton}
        >
          {p.textMode ? 'Switch to voice' : 'Switch to text'}
        </Button>
        {showHold ? (
          <Button
            variant={talkHeld ? 'contained' : 'outlined'}
            size="large"
            disabled={!props.voiceLive || p.muted}
            aria-label="Hold to talk"
            aria-pressed={talkHeld}
            aria-describedby={holdHelpId}
            startIcon={talkHeld ? <MicIcon /> : <MicOffIcon />}
            onPointerDown={(e) => {
              e.currentTarget.setPointerCapture?.(e.pointerId);
              onTalkHeld(true);
            }}
            onPointerUp={() => onTalkHeld(false)}
            onPointerCancel={() => onTalkHeld(false)}
            onLostPointerCapture={() => onTalkHeld(false)}
            onContextMenu={(e) => e.preventDefault()}
            onKeyDown={(e) => {
              if (!isSpace(e)) return;
              e.preventDefault();
              if (!e.repeat) onTalkHeld(true);
            }}
            onKeyUp={(e) => {
              if (!isSpace(e)) return;
              e.preventDefault();
              onTalkHeld(false);
            }}
            onBlur={() => onTalkHeld(false)}
            sx={{ ...bigButton, touchAction: 'none', userSelect: 'none' }}
          >
            {talkHeld ? 'Talking… release to stop' : 'Hold to talk'}
          </Button>
        ) : null}
      </Box>
      <Typography role="status" variant="body2" sx={{ color: 'text.secondary' }}>
        {p.textMode
          ? props.micFailed
            ? 'The microphone could not be opened, so you are typing. Allow the microphone in the browser, then switch to voice.'
            : 'Text mode: no microphone, answers come as text.'
          : ''}
      </Typography>
      {showHold ? (
        <Typography id={holdHelpId} variant="body2" sx={{ color: 'text.secondary' }}>
          Press and hold with a finger or the mouse, or hold the Space bar while the button has
          focus.
        </Typography>
      ) : null}
    </Box>
  );
}
