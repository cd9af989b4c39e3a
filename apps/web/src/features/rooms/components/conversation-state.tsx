import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export interface ConversationStateProps {
  agentName: string;
  /** Waiting for the answer's first words. */
  thinking: boolean;
  /** The answer's text is arriving. */
  writing: boolean;
  speaking: boolean;
  /** The microphone is open and the agent waits for the user. */
  listening: boolean;
  level: number;
  /** What the microphone is doing when none of the above applies. */
  note?: string;
}

/**
 * One line above the composer saying what the conversation is doing: the spec's
 * '{agent} is thinking...', '{agent} is speaking', or 'Listening' with the live input level.
 */
export function ConversationState(props: ConversationStateProps) {
  const { agentName } = props;
  const text = props.thinking
    ? `${agentName} is thinking...`
    : props.speaking
      ? `${agentName} is speaking`
      : props.writing
        ? `${agentName} is answering...`
        : props.listening
          ? 'Listening'
          : (props.note ?? '');
  const bars = [0.15, 0.35, 0.6].map((t) => props.level >= t);
  return (
    <Box
      aria-live="polite"
      data-state={
        props.thinking
          ? 'thinking'
          : props.speaking
            ? 'speaking'
            : props.writing
              ? 'writing'
              : props.listening
                ? 'listening'
                : 'idle'
      }
      sx={{ minHeight: '1.5em', display: 'flex', alignItems: 'center', gap: 1 }}
    >
      {props.listening && !props.thinking && !props.speaking && !props.writing ? (
        <Box
          aria-hidden
          data-level={Math.round(props.level * 100)}
          sx={{ display: 'flex', alignItems: 'flex-end', gap: '2px', height: 16 }}
        >
          {bars.map((on, i) => (
            <Box
              key={i}
              sx={{
                width: 4,
                height: 6 + i * 5,
                borderRadius: 1,
                bgcolor: on ? 'primary.main' : 'action.disabled',
              }}
            />
          ))}
        </Box>
      ) : null}
      <Typography
        variant="body2"
        sx={{ color: 'text.secondary', fontStyle: props.thinking ? 'italic' : 'normal' }}
      >
        {text}
      </Typography>
    </Box>
  );
}
