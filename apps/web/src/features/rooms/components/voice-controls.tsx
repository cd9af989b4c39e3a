import MicIcon from '@mui/icons-material/Mic';
import MicOffIcon from '@mui/icons-material/MicOff';
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
  /** A voice session runs (not text only): hold-to-talk can be used. */
  voiceLive: boolean;
  /** A text-only session runs: the choices apply from the next voice conversation. */
  textOnly: boolean;
  micMuted: boolean;
  talkHeld: boolean;
  onTalkHeld: (held: boolean) => void;
}

const isSpace = (e: KeyboardEvent) => e.key === ' ' || e.code === 'Space';

/**
 * For noisy sites: mute, hold-to-talk (the microphone is off unless the big button is held, by
 * pointer or Space) and mute-while-the-agent-speaks. Remembered per room on this device.
 */
export function VoiceControls(props: VoiceControlsProps) {
  const { preferences: p, onChange, agentName, talkHeld, onTalkHeld } = props;
  const headingId = useId();
  const holdHelpId = useId();
  const micText = !props.voiceLive
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
        {p.holdToTalk ? (
          <>
            <Button
              variant={talkHeld ? 'contained' : 'outlined'}
              size="large"
              fullWidth
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
              sx={{ minHeight: 88, fontSize: '1.125rem', touchAction: 'none', userSelect: 'none' }}
            >
              {talkHeld ? 'Talking… release to stop' : 'Hold to talk'}
            </Button>
            <Typography id={holdHelpId} variant="body2" sx={{ color: 'text.secondary' }}>
              Press and hold with a finger or the mouse, or hold the Space bar while the button has
              focus.
            </Typography>
          </>
        ) : null}
        {props.textOnly ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            This conversation is text only; these choices apply to the next voice conversation.
          </Typography>
        ) : null}
      </CardContent>
    </Card>
  );
}
