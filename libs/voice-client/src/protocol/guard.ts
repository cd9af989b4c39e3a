import type { IncomingMessage } from './messages';

/** What the guard made of one text frame. */
export type ParsedFrame =
  | { ok: true; message: IncomingMessage }
  | { ok: false; reason: 'malformed' | 'unknown'; detail: string };

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStr = (v: unknown): v is string => typeof v === 'string';
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const optNum = (v: unknown) => v === undefined || isNum(v);

// Per type: the payload key and a check of the fields the session reads. Anything else in the
// frame is ignored, as the protocol requires of receivers.
const checks: Record<IncomingMessage['type'], [string, (p: Obj) => boolean]> = {
  conversation_initiation_metadata: [
    'conversation_initiation_metadata_event',
    (p) =>
      isStr(p['conversation_id']) &&
      p['conversation_id'] !== '' &&
      isStr(p['agent_output_audio_format']) &&
      (p['user_input_audio_format'] === undefined || isStr(p['user_input_audio_format'])),
  ],
  ping: ['ping_event', (p) => isNum(p['event_id'])],
  agent_response: [
    'agent_response_event',
    (p) => isStr(p['agent_response']) && optNum(p['event_id']),
  ],
  audio: ['audio_event', (p) => isStr(p['audio_base_64']) && isNum(p['event_id'])],
  user_transcript: [
    'user_transcription_event',
    (p) => isStr(p['user_transcript']) && optNum(p['event_id']),
  ],
  interruption: ['interruption_event', (p) => isNum(p['event_id'])],
  agent_response_correction: [
    'agent_response_correction_event',
    (p) => isStr(p['original_agent_response']) && isStr(p['corrected_agent_response']),
  ],
  client_tool_call: [
    'client_tool_call',
    (p) =>
      isStr(p['tool_name']) &&
      isStr(p['tool_call_id']) &&
      (p['parameters'] === undefined || isObj(p['parameters'])),
  ],
  internal_tentative_agent_response: [
    'tentative_agent_response_internal_event',
    (p) => isStr(p['tentative_agent_response']),
  ],
  vad_score: ['vad_score_event', (p) => isNum(p['vad_score'])],
  agent_tool_response: ['agent_tool_response', (p) => isStr(p['tool_name'])],
  error: ['error_event', () => true],
  agent_chat_response_part: [
    'text_response_part',
    (p) => isStr(p['text']) && ['start', 'delta', 'stop'].includes(p['type'] as string),
  ],
};

/** Parses one server frame. Never throws: bad JSON, bad shapes and unknown types are reported. */
export function parseServerFrame(data: unknown): ParsedFrame {
  if (!isStr(data)) return { ok: false, reason: 'malformed', detail: 'not a text frame' };
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return { ok: false, reason: 'malformed', detail: 'invalid JSON' };
  }
  if (!isObj(value) || !isStr(value['type'])) {
    return { ok: false, reason: 'malformed', detail: 'missing type' };
  }
  const type = value['type'];
  const check = Object.hasOwn(checks, type) ? checks[type as IncomingMessage['type']] : undefined;
  if (!check) return { ok: false, reason: 'unknown', detail: type };
  const payload = value[check[0]];
  if (!isObj(payload) || !check[1](payload)) {
    return { ok: false, reason: 'malformed', detail: `bad ${type} payload` };
  }
  if (type === 'client_tool_call' && payload['parameters'] === undefined)
    payload['parameters'] = {};
  return { ok: true, message: value as unknown as IncomingMessage };
}
