import {
  AgentOverrideSchema,
  CreateAgentBodySchema,
  UpdateAgentBodySchema,
  type AgentOverview,
  type ContentItem,
} from '@fieldcraft/contracts';
import { FormDialog } from '@fieldcraft/ui';
import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { FormEvent } from 'react';
import { useFormDialogSubmit } from '../../../shared/forms/use-form-dialog-submit';
import { useCreateAgentMutation, useUpdateAgentMutation } from '../agents.api';

type Override = (typeof AgentOverrideSchema.options)[number];
type TextFieldName =
  | 'agentId'
  | 'name'
  | 'provider'
  | 'systemPrompt'
  | 'firstMessage'
  | 'language'
  | 'voice'
  | 'outputFormat';
interface Values extends Record<TextFieldName, string> {
  allowedOverrides: Override[];
  knowledgeContentIds: number[];
}

export const OUTPUT_FORMATS = [
  'pcm_16000',
  'pcm_8000',
  'pcm_22050',
  'pcm_24000',
  'pcm_44100',
  'pcm_48000',
  'ulaw_8000',
] as const;

/** The formats in the owner's words: what each is for, not the wire name. */
const OUTPUT_FORMAT_LABELS: Record<(typeof OUTPUT_FORMATS)[number], string> = {
  pcm_16000: 'Standard, 16 kHz (recommended)',
  pcm_8000: 'Low data, 8 kHz',
  pcm_22050: 'Clearer, 22 kHz',
  pcm_24000: 'Clearer, 24 kHz',
  pcm_44100: 'High quality, 44.1 kHz (more data)',
  pcm_48000: 'Highest quality, 48 kHz (most data)',
  ulaw_8000: 'Telephone systems, 8 kHz',
};

const OVERRIDE_LABELS: Record<Override, string> = {
  first_message: 'First message',
  prompt: 'Prompt',
  language: 'Language',
  voice: 'Voice',
};

function initialValues(agent: AgentOverview | null): Values {
  return {
    agentId: agent?.agentId ?? '',
    name: agent?.name ?? '',
    provider: agent?.provider ?? 'local',
    systemPrompt: agent?.systemPrompt ?? '',
    firstMessage: agent?.firstMessage ?? '',
    language: agent?.language ?? 'en',
    voice: agent?.voice ?? '',
    outputFormat: agent?.outputFormat ?? 'pcm_16000',
    allowedOverrides: agent?.allowedOverrides ?? [],
    knowledgeContentIds: agent?.knowledgeContentIds ?? [],
  };
}

export interface AgentFormDialogProps {
  open: boolean;
  /** null: create an agent. */
  agent: AgentOverview | null;
  library: ContentItem[];
  onClose: () => void;
}

/** Add Agent / Edit Agent: every setting the agent record has. */
export function AgentFormDialog({ open, agent, library, onClose }: AgentFormDialogProps) {
  const [createAgent, { isLoading: creating }] = useCreateAgentMutation();
  const [updateAgent, { isLoading: updating }] = useUpdateAgentMutation();
  const { values, setValue, errors, failure, field, submit } = useFormDialogSubmit<Values>(
    () => initialValues(agent),
    { session: open ? String(agent?.id ?? 'new') : null, onClose },
  );
  const editing = agent !== null;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const fields = {
      name: values.name,
      provider: values.provider,
      systemPrompt: values.systemPrompt,
      firstMessage: values.firstMessage,
      language: values.language,
      voice: values.voice.trim() === '' ? null : values.voice,
      outputFormat: values.outputFormat,
      allowedOverrides: values.allowedOverrides,
      knowledgeContentIds: values.knowledgeContentIds,
    };
    if (editing) {
      void submit(event, {
        parse: () => UpdateAgentBodySchema.safeParse(fields),
        send: (data) => updateAgent({ id: agent.id, ...data }).unwrap(),
        fallback: 'Failed to update agent',
        success:
          agent.rooms.length > 0
            ? 'Agent updated. New conversations use the new settings; Redeploy restarts open ones.'
            : 'Agent updated',
      });
    } else {
      void submit(event, {
        parse: () => CreateAgentBodySchema.safeParse({ ...fields, agentId: values.agentId }),
        send: (data) => createAgent(data).unwrap(),
        fallback: 'Failed to create agent',
        success: 'Agent created',
      });
    }
  }

  const busy = creating || updating;
  const chosen = library.filter((item) => values.knowledgeContentIds.includes(item.id));
  return (
    <FormDialog
      open={open}
      title={editing ? 'Edit Agent' : 'Add Agent'}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel={editing ? 'Save Changes' : 'Create Agent'}
      busy={busy}
      failure={failure}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField label="Name" required autoComplete="off" autoFocus {...field('name')} />
        <TextField
          label="Agent ID"
          required={!editing}
          disabled={editing}
          autoComplete="off"
          {...field('agentId')}
          // The reason it cannot change stays readable (4.5:1) while the field is disabled.
          slotProps={{ formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } } }}
          helperText={
            errors.agentId ??
            (editing
              ? 'Rooms and history refer to it; it cannot change.'
              : 'Letters, digits, - and _')
          }
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          label="Provider"
          {...field('provider')}
          helperText={
            errors.provider ??
            (values.provider === 'local'
              ? 'Answers from your content library, on this server, with no outside service'
              : 'An agent hosted by ElevenLabs (a voice AI service) with this Agent ID; needs its API key on the server')
          }
        >
          <MenuItem value="local">Local Field Advisor</MenuItem>
          <MenuItem value="elevenlabs">ElevenLabs</MenuItem>
        </TextField>
        <TextField
          label="Language"
          autoComplete="off"
          {...field('language')}
          helperText={errors.language ?? 'e.g. en, es, fr'}
        />
      </Stack>
      <TextField
        label="First Message"
        multiline
        minRows={2}
        {...field('firstMessage')}
        helperText={
          errors.firstMessage ??
          "Said when a conversation starts. {{user_name}} becomes the user's first name."
        }
      />
      <TextField
        label="Prompt"
        multiline
        minRows={3}
        maxRows={10}
        {...field('systemPrompt')}
        helperText={
          errors.systemPrompt ?? 'Instructions for the language model, when one is configured'
        }
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label="Voice"
          autoComplete="off"
          {...field('voice')}
          helperText={
            errors.voice ??
            'Empty: the default voice. This server speaks with slt (female), kal, awb or rms (male).'
          }
        />
        <TextField
          select
          label="Audio Format"
          {...field('outputFormat')}
          helperText={
            errors.outputFormat ??
            'How the spoken answer is sent. Standard suits phones; lower uses less mobile data.'
          }
        >
          {OUTPUT_FORMATS.map((f) => (
            <MenuItem key={f} value={f}>
              {OUTPUT_FORMAT_LABELS[f]}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Autocomplete
        multiple
        options={library}
        value={chosen}
        getOptionLabel={(item) => (item.isActive ? item.title : `${item.title} (offline)`)}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        // The typing area is a tap target: 44 px tall like every other control.
        sx={{
          '& .MuiAutocomplete-inputRoot .MuiAutocomplete-input': {
            minHeight: 44,
            boxSizing: 'border-box',
          },
        }}
        onChange={(_e, items) =>
          setValue(
            'knowledgeContentIds',
            items.map((i) => i.id),
          )
        }
        renderInput={(params) => (
          <TextField
            {...params}
            label="Knowledge"
            placeholder={chosen.length === 0 ? 'Whole library' : undefined}
            error={Boolean(errors.knowledgeContentIds)}
            helperText={
              errors.knowledgeContentIds ??
              'Limit answers to these items. Empty: every item the user may see.'
            }
          />
        )}
      />
      <FormControl component="fieldset">
        <FormLabel component="legend" sx={{ mb: 0.5 }}>
          Clients may override
        </FormLabel>
        <FormGroup row sx={{ columnGap: 2 }}>
          {AgentOverrideSchema.options.map((o) => (
            <FormControlLabel
              key={o}
              sx={{ minHeight: 44 }}
              control={
                <Checkbox
                  checked={values.allowedOverrides.includes(o)}
                  onChange={(e) =>
                    setValue(
                      'allowedOverrides',
                      e.target.checked
                        ? [...values.allowedOverrides, o]
                        : values.allowedOverrides.filter((x) => x !== o),
                    )
                  }
                />
              }
              label={OVERRIDE_LABELS[o]}
            />
          ))}
        </FormGroup>
        <FormHelperText>
          What a conversation may change when it starts (voice protocol overrides)
        </FormHelperText>
      </FormControl>
    </FormDialog>
  );
}
