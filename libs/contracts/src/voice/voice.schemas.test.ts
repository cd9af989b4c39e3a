import { describe, expect, it } from 'vitest';
import { VoiceClientMessageSchema, VoiceServerMessageSchema } from './voice.schemas';

// The example frames of ../shared/voice-protocol.md §4 and §5, verbatim.
const serverFrames = [
  '{"type":"conversation_initiation_metadata","conversation_initiation_metadata_event":{"conversation_id":"conv_01hx9","agent_output_audio_format":"pcm_16000","user_input_audio_format":"pcm_16000"}}',
  '{"type":"ping","ping_event":{"event_id":12,"ping_ms":38}}',
  '{"type":"agent_response","agent_response_event":{"agent_response":"Use a P100 respirator.","event_id":7}}',
  '{"type":"audio","audio_event":{"audio_base_64":"AAABAAIA...","event_id":7}}',
  '{"type":"user_transcript","user_transcription_event":{"user_transcript":"what mask do I need","event_id":6}}',
  '{"type":"interruption","interruption_event":{"event_id":8}}',
  '{"type":"agent_response_correction","agent_response_correction_event":{"original_agent_response":"Use a P100 respirator and goggles.","corrected_agent_response":"Use a P100","event_id":7}}',
  '{"type":"client_tool_call","client_tool_call":{"tool_name":"open_module","tool_call_id":"call_1","parameters":{"id":3},"event_id":9}}',
  '{"type":"agent_chat_response_part","text_response_part":{"text":"Use","type":"delta","event_id":7}}',
  '{"type":"tentative_user_transcript","tentative_user_transcription_event":{"user_transcript":"what ma","event_id":6}}',
];

const clientFrames = [
  '{"user_audio_chunk":"AAD//wEA"}',
  '{"type":"user_message","text":"How deep is the footing?"}',
  '{"type":"user_activity"}',
  '{"type":"contextual_update","text":"Trainee opened module 3","context_id":"nav"}',
  '{"type":"feedback","score":"like","event_id":7}',
  '{"type":"feedback","score":null,"event_id":7}',
  '{"type":"client_tool_result","tool_call_id":"call_1","result":"{\\"ok\\":true}","is_error":false}',
  '{"type":"pong","event_id":12}',
  '{"type":"conversation_initiation_client_data","conversation_config_override":{"agent":{"prompt":{"prompt":"p","llm":"gpt-4o-mini"},"first_message":"Hi","language":"en"},"tts":{"voice_id":"v"},"conversation":{"text_only":true}},"custom_llm_extra_body":{"temperature":0.3},"dynamic_variables":{"user_name":"Sam","module":3,"is_supervisor":false},"source_info":{"source":"js_sdk","version":"1.25.0"}}',
];

describe('voice protocol schemas', () => {
  it.each(serverFrames)('accept the server frame %s', (frame) => {
    expect(VoiceServerMessageSchema.safeParse(JSON.parse(frame)).success).toBe(true);
  });

  it.each(clientFrames)('accept the client frame %s', (frame) => {
    expect(VoiceClientMessageSchema.safeParse(JSON.parse(frame)).success).toBe(true);
  });

  it('keep unknown fields and reject a metadata frame without a conversation id', () => {
    const ok = VoiceServerMessageSchema.parse({
      type: 'interruption',
      interruption_event: { event_id: 3, extra: true },
      more: 1,
    });
    expect(ok).toMatchObject({ more: 1 });
    const bad = VoiceServerMessageSchema.safeParse({
      type: 'conversation_initiation_metadata',
      conversation_initiation_metadata_event: {
        conversation_id: '',
        agent_output_audio_format: 'pcm_16000',
      },
    });
    expect(bad.success).toBe(false);
  });

  it('reject an unknown codec and a bad feedback score', () => {
    expect(
      VoiceServerMessageSchema.safeParse({
        type: 'conversation_initiation_metadata',
        conversation_initiation_metadata_event: {
          conversation_id: 'c',
          agent_output_audio_format: 'mp3_44100',
        },
      }).success,
    ).toBe(false);
    expect(
      VoiceClientMessageSchema.safeParse({ type: 'feedback', score: 'meh', event_id: 1 }).success,
    ).toBe(false);
  });
});
