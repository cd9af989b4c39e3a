import { VoiceServerMessageSchema } from '@fieldcraft/contracts';
import { describe, expect, it } from 'vitest';
import { parseServerFrame } from './guard';

const valid = [
  {
    type: 'conversation_initiation_metadata',
    conversation_initiation_metadata_event: {
      conversation_id: 'c',
      agent_output_audio_format: 'pcm_16000',
    },
  },
  { type: 'ping', ping_event: { event_id: 12, ping_ms: null } },
  { type: 'agent_response', agent_response_event: { agent_response: 'Hi', event_id: 7 } },
  { type: 'audio', audio_event: { audio_base_64: 'AAAA', event_id: 7 } },
  { type: 'user_transcript', user_transcription_event: { user_transcript: 'x', event_id: 6 } },
  { type: 'interruption', interruption_event: { event_id: 8 } },
  {
    type: 'agent_response_correction',
    agent_response_correction_event: {
      original_agent_response: 'a b',
      corrected_agent_response: 'a',
      event_id: 7,
    },
  },
  {
    type: 'client_tool_call',
    client_tool_call: { tool_name: 't', tool_call_id: 'c1', parameters: { id: 3 }, event_id: 9 },
  },
  {
    type: 'internal_tentative_agent_response',
    tentative_agent_response_internal_event: { tentative_agent_response: 'x' },
  },
  { type: 'vad_score', vad_score_event: { vad_score: 0.4 } },
  {
    type: 'agent_tool_response',
    agent_tool_response: { tool_name: 'end_call', tool_call_id: 'x' },
  },
  { type: 'error', error_event: { code: 1002, message: 'LLM timeout' } },
  {
    type: 'agent_chat_response_part',
    text_response_part: { text: 'Use', type: 'delta', event_id: 7 },
  },
];

describe('parseServerFrame', () => {
  it.each(valid)('accepts $type, as the shared contract schema does', (frame) => {
    const parsed = parseServerFrame(JSON.stringify({ ...frame, extra_field: 1 }));
    expect(parsed.ok).toBe(true);
    expect(VoiceServerMessageSchema.safeParse(frame).success).toBe(true);
  });

  it('reports malformed frames instead of throwing', () => {
    expect(parseServerFrame('{not json')).toEqual({
      ok: false,
      reason: 'malformed',
      detail: 'invalid JSON',
    });
    expect(parseServerFrame(new ArrayBuffer(2))).toMatchObject({ ok: false, reason: 'malformed' });
    expect(parseServerFrame('[1]')).toMatchObject({ ok: false, detail: 'missing type' });
    expect(parseServerFrame('{"type":"audio","audio_event":{"event_id":"7"}}')).toMatchObject({
      ok: false,
      reason: 'malformed',
    });
    expect(parseServerFrame('{"type":"ping"}')).toMatchObject({ ok: false, reason: 'malformed' });
  });

  it('rejects what the contract rejects', () => {
    const bad = [
      {
        type: 'conversation_initiation_metadata',
        conversation_initiation_metadata_event: {
          conversation_id: '',
          agent_output_audio_format: 'pcm_16000',
        },
      },
      { type: 'interruption', interruption_event: {} },
      { type: 'client_tool_call', client_tool_call: { tool_name: 't' } },
    ];
    for (const frame of bad) {
      expect(parseServerFrame(JSON.stringify(frame)).ok).toBe(false);
      expect(VoiceServerMessageSchema.safeParse(frame).success).toBe(false);
    }
  });

  it('reports unknown types, including inherited property names', () => {
    expect(parseServerFrame('{"type":"rich_content"}')).toEqual({
      ok: false,
      reason: 'unknown',
      detail: 'rich_content',
    });
    expect(parseServerFrame('{"type":"toString"}')).toMatchObject({ reason: 'unknown' });
  });

  it('defaults missing tool parameters to an empty object', () => {
    const parsed = parseServerFrame(
      '{"type":"client_tool_call","client_tool_call":{"tool_name":"t","tool_call_id":"1"}}',
    );
    expect(parsed.ok && parsed.message).toMatchObject({ client_tool_call: { parameters: {} } });
  });
});
