import { ws } from 'msw';

type Frame = Record<string, unknown> & { type?: string };
export interface AgentReply {
  text: string;
  attachments?: Array<Record<string, unknown>>;
}

/**
 * A small convai endpoint (voice-protocol.md) on msw's websocket interception, for page tests:
 * metadata after the initiation frame, an agent_response per user_message (at once, or when the
 * test calls `reply`), and every frame the page sent kept in `received`.
 */
export function createConvaiServer(options: { autoReply?: (text: string) => AgentReply } = {}) {
  const received: Frame[] = [];
  const urls: string[] = [];
  let closed = 0;
  let eventId = 0;
  let current: { send(data: string): void; close(code?: number, reason?: string): void } | null =
    null;
  const link = ws.link(/\/v1\/convai\/conversation/);

  const send = (frame: Frame) => current?.send(JSON.stringify(frame));
  const reply = (answer: AgentReply) => {
    eventId += 1;
    send({
      type: 'agent_response',
      agent_response_event: {
        agent_response: answer.text,
        event_id: eventId,
        ...(answer.attachments ? { attachments: answer.attachments } : {}),
      },
    });
    return eventId;
  };
  /** One streamed part of an agent turn (agent_chat_response_part); the turn's id. */
  const part = (type: 'start' | 'delta' | 'stop', text: string, id = eventId + 1) => {
    eventId = Math.max(eventId, id);
    send({ type: 'agent_chat_response_part', text_response_part: { text, type, event_id: id } });
    return id;
  };
  /** The full text of a streamed turn (same event id as its parts). */
  const finish = (answer: AgentReply, id: number) =>
    send({
      type: 'agent_response',
      agent_response_event: {
        agent_response: answer.text,
        event_id: id,
        ...(answer.attachments ? { attachments: answer.attachments } : {}),
      },
    });
  /** A spoken turn as the server recognised it. */
  const transcript = (text: string) => {
    eventId += 1;
    send({
      type: 'user_transcript',
      user_transcription_event: { user_transcript: text, event_id: eventId },
    });
  };

  const handler = link.addEventListener('connection', ({ client }) => {
    urls.push(client.url.href);
    current = client;
    client.addEventListener('close', () => {
      closed += 1;
    });
    client.addEventListener('message', (event) => {
      const frame = JSON.parse(String(event.data)) as Frame;
      received.push(frame);
      if (frame.type === 'conversation_initiation_client_data') {
        send({
          type: 'conversation_initiation_metadata',
          conversation_initiation_metadata_event: {
            conversation_id: `conv_${urls.length}`,
            agent_output_audio_format: 'pcm_16000',
            user_input_audio_format: 'pcm_16000',
          },
        });
      } else if (frame.type === 'user_message' && options.autoReply) {
        const answer = options.autoReply(String(frame['text']));
        setTimeout(() => reply(answer), 0);
      }
    });
  });

  return {
    handler,
    received,
    urls,
    /** Frames of one type the page sent. */
    sent: (type: string) => received.filter((f) => f.type === type),
    reply,
    part,
    finish,
    transcript,
    /** The server ends the socket (1000: the agent ended it; others: an error). */
    close: (code: number, reason = '') => current?.close(code, reason),
    get closedByClient() {
      return closed;
    },
  };
}
