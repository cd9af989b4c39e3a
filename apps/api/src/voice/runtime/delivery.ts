import type { Citation } from '@fieldcraft/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { setImmediate as nextMacrotask } from 'node:timers/promises';
import { encodeAgentAudio } from '../speech/audio-format';
import type { SpeechEngines } from '../speech/speech.types';
import type { SessionSettings } from './overrides';
import { nextSentence, splitFirstClause, toAttachment } from './text';
import type { Turn, Turns } from './turns';

// Sending an agent turn: its text (whole or streamed in parts) and its audio, sentence by
// sentence as it is synthesised (voice-protocol.md §5–§6; docs/voice-runtime.md).

const USER_ACTIVITY_DEFER_MS = 1000;
const USER_ACTIVITY_DEFER_MAX_MS = 5000;

export const delay = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** What delivery needs of its session. */
export interface DeliveryHost {
  turns: Turns;
  log: FastifyBaseLogger;
  speech: SpeechEngines;
  isOpen(): boolean;
  send(frame: Record<string, unknown>): void;
  settings(): SessionSettings;
  /** The turn's full text went out as agent_response under `eventId`. */
  responded(eventId: number, text: string, citations: Citation[]): void;
}

export class Delivery {
  private lastActivityAt = 0;

  constructor(private readonly host: DeliveryHost) {}

  /** user_activity (typing): the agent's next speech waits a little. */
  userTyping(): void {
    this.lastActivityAt = Date.now();
  }

  /** A fixed text as a turn (first message, notices, tool replies). */
  speak(turn: Turn, text: string, citations: Citation[], withAudio = true): Promise<void> {
    return this.deliver(
      turn,
      (async function* () {
        yield text;
      })(),
      citations,
      withAudio,
    );
  }

  /**
   * Sends a turn: agent_response with the full text immediately before the first audio chunk
   * when the text is complete by then; otherwise (a streaming model) the text streams as
   * agent_chat_response_part start/delta…/stop, audio follows sentence by sentence as it is
   * synthesised, and agent_response comes when the text is complete. docs/voice-runtime.md.
   */
  async deliver(
    turn: Turn,
    pieces: AsyncIterable<string>,
    citations: Citation[],
    withAudio = true,
  ): Promise<void> {
    const { host } = this;
    const signal = turn.abort.signal;
    const settings = host.settings();
    const synthesizer = withAudio && !settings.textOnly ? host.speech.synthesizer : null;
    let text = '';
    let textDone = false;
    let streaming = false;
    let responded = false;
    let wake: (() => void) | null = null;
    const notify = () => {
      wake?.();
      wake = null;
    };
    const waitForText = () => new Promise<void>((r) => (wake = r));
    const live = () => !signal.aborted && host.isOpen();

    const reader = (async () => {
      try {
        for await (const piece of pieces) {
          if (!live()) return;
          text += piece;
          if (streaming) this.sendPart(turn, 'delta', piece);
          notify();
        }
      } finally {
        textDone = true;
        notify();
      }
    })();

    const respond = () => {
      if (responded || !live()) return;
      responded = true;
      turn.spoke = true;
      if (streaming) this.sendPart(turn, 'stop', '');
      const full = text.trim();
      const eventId = host.turns.idOf(turn);
      host.send({
        type: 'agent_response',
        agent_response_event: {
          agent_response: full,
          event_id: eventId,
          ...(citations.length > 0 && { attachments: citations.map(toAttachment) }),
        },
      });
      host.responded(eventId, full, citations);
    };
    const startStreaming = () => {
      if (streaming || responded || !live()) return;
      streaming = true;
      turn.spoke = true;
      this.sendPart(turn, 'start', '');
      if (text) this.sendPart(turn, 'delta', text);
    };

    // An interrupted turn stops waiting at once, even for a model that ignores the abort.
    signal.addEventListener('abort', notify, { once: true });
    const finish = async () => {
      if (!live()) return;
      await reader;
      respond();
    };

    if (!synthesizer) {
      while (live() && !textDone && text === '') await waitForText();
      await nextMacrotask(); // text produced within this turn of the event loop counts as known
      if (!textDone) startStreaming();
      await finish();
      return;
    }

    let consumed = 0;
    let firstAudio = true;
    let carried: string | null = null;
    for (;;) {
      if (!live()) break;
      let sentence: string;
      if (carried !== null) {
        sentence = carried;
        carried = null;
      } else {
        const next = nextSentence(text.slice(consumed), textDone);
        if (!next) {
          if (textDone) break;
          await waitForText();
          continue;
        }
        consumed += next.end;
        sentence = next.sentence;
        // The turn's first audio comes from its first clause alone: it is ready sooner.
        const split = firstAudio ? splitFirstClause(sentence) : null;
        if (split) [sentence, carried] = split;
      }
      let audio;
      try {
        audio = await synthesizer.synthesize(
          { text: sentence, language: settings.language, voice: settings.voice },
          signal,
        );
      } catch (err) {
        if (!live()) break;
        host.log.warn({ err }, 'speech synthesis failed; this turn continues as text');
        break;
      }
      if (!live()) break;
      if (firstAudio) {
        firstAudio = false;
        await this.quietWhileTyping(signal);
        if (!live()) break;
        if (textDone) respond();
        else startStreaming();
      }
      const format = settings.outputFormat;
      if (!format) break;
      for (const chunk of encodeAgentAudio(audio.samples, audio.sampleRate, format)) {
        host.send({
          type: 'audio',
          audio_event: { audio_base_64: chunk, event_id: host.turns.idOf(turn) },
        });
      }
      host.turns.played((audio.samples.length / audio.sampleRate) * 1000);
    }
    await finish();
  }

  private sendPart(turn: Turn, type: 'start' | 'delta' | 'stop', text: string): void {
    this.host.send({
      type: 'agent_chat_response_part',
      text_response_part: { text, type, event_id: this.host.turns.idOf(turn) },
    });
  }

  /** user_activity (typing) defers the agent's speech a little, at most 5 s. */
  private async quietWhileTyping(signal: AbortSignal): Promise<void> {
    const until = Date.now() + USER_ACTIVITY_DEFER_MAX_MS;
    while (!signal.aborted && Date.now() < until) {
      const wait = this.lastActivityAt + USER_ACTIVITY_DEFER_MS - Date.now();
      if (wait <= 0) return;
      await delay(Math.min(wait, 200));
    }
  }
}
