import type { Citation } from '@fieldcraft/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Advisor, AdvisorTurn } from '../advisor/advisor.types';
import type { RecognitionResult } from '../speech/speech.types';
import type { VoiceIdentity } from './auth';
import type { Delivery } from './delivery';
import type { SessionSettings } from './overrides';
import type { ConversationStore } from './persistence';
import {
  confirmQuestion,
  judgeHearing,
  replyToConfirm,
  SAY_AGAIN,
  SAY_AGAIN_AFTER_NO,
} from './hearing';
import { matchOpenRequest } from './text';
import type { Turn, Turns } from './turns';
import type { RoomForVoice } from './voice-access.repository';

// What the user says and what the agent answers: the history, the client's context, the
// content the agent cited and the tool calls that open it (docs/voice-runtime.md).

export { SAY_AGAIN } from './hearing';
export const ANSWER_FAILED = 'Sorry, I could not answer that just now. Please try again.';

const TOOL_NAME = 'open_content';
const HISTORY_TURNS = 20;
const MAX_CONTEXTS = 20;

/** What the dialogue needs of its session. */
export interface DialogueHost {
  advisor: Advisor;
  log: FastifyBaseLogger;
  turns: Turns;
  delivery: Delivery;
  store: ConversationStore;
  send(frame: Record<string, unknown>): void;
  settings(): SessionSettings;
  /** Who talks where; both known once the conversation is open. */
  identity(): VoiceIdentity | null;
  room(): RoomForVoice | null;
}

export class Dialogue {
  private readonly history: AdvisorTurn[] = [];
  private readonly context = new Map<string, string>();
  private readonly cited: Citation[] = [];
  private readonly toolCalls = new Map<string, Citation>();
  private toolCallCount = 0;
  /** A heard question waiting for "yes" after "I heard '…' — is that right?". */
  private unconfirmed: string | null = null;

  constructor(private readonly host: DialogueHost) {}

  /** contextual_update: a repeated id replaces the older text; the 20 latest are kept. */
  addContext(text: string, contextId: string | undefined): void {
    const key = contextId ?? `anon-${this.context.size}-${Date.now()}`;
    this.context.delete(key); // re-insert: latest last
    this.context.set(key, text.slice(0, 2000));
    while (this.context.size > MAX_CONTEXTS) this.context.delete(this.context.keys().next().value!);
  }

  /**
   * A finished user turn, typed or recognised (then `transcriptId` is its event id). `heard`:
   * how far a recognised transcript is trusted ('answer' unless said otherwise).
   */
  onUserText(
    text: string,
    source: 'text' | 'voice',
    transcriptId: number | null,
    heard: 'answer' | 'confirm' = 'answer',
  ): void {
    const { turns, delivery } = this.host;
    turns.interruptIfSpeaking();
    const eventId = transcriptId ?? turns.nextId();
    this.host.store.userMessage(eventId, source, text);
    this.history.push({ role: 'user', text });
    const pending = this.unconfirmed;
    this.unconfirmed = null;
    const reply = pending === null ? null : replyToConfirm(text);
    if (pending !== null && reply === 'yes') {
      turns.start((turn) => this.answer(turn, pending));
      return;
    }
    if (pending !== null && reply === 'no') {
      turns.start((turn) => delivery.speak(turn, SAY_AGAIN_AFTER_NO, []));
      return;
    }
    const target = matchOpenRequest(text, this.cited);
    if (target) {
      turns.start(async (turn) => {
        const callId = `call_${++this.toolCallCount}`;
        this.toolCalls.set(callId, target);
        turn.spoke = true;
        this.host.send({
          type: 'client_tool_call',
          client_tool_call: {
            tool_name: TOOL_NAME,
            tool_call_id: callId,
            parameters: { content_id: target.contentId },
            event_id: turns.idOf(turn),
          },
        });
        await delivery.speak(turn, `Opening ${target.title}.`, []);
      });
      return;
    }
    if (source === 'voice' && heard === 'confirm') {
      this.confirm(text);
      return;
    }
    turns.start((turn) => this.answer(turn, text, source === 'voice'));
  }

  /**
   * What the recognizer made of an utterance: "say it again" when nothing usable was heard
   * (never a question for the advisor); otherwise the words as a user transcript, then an
   * answer, or "I heard '…' — is that right?" (docs/voice-speech.md, "Confidence").
   */
  onRecognized(result: RecognitionResult): void {
    const { turns, delivery } = this.host;
    const text = result.text.trim();
    const hearing = judgeHearing(result);
    if (hearing === 'again') {
      turns.interruptIfSpeaking();
      turns.start((turn) => delivery.speak(turn, SAY_AGAIN, []));
      return;
    }
    const id = turns.nextId();
    this.host.send({
      type: 'user_transcript',
      user_transcription_event: { user_transcript: text, event_id: id },
    });
    this.onUserText(text, 'voice', id, hearing);
  }

  /** Shows and says the words heard, and waits for "yes" (or a new question). */
  private confirm(text: string): void {
    this.unconfirmed = text;
    this.host.turns.start((turn) => this.host.delivery.speak(turn, confirmQuestion(text), []));
  }

  /** client_tool_result: a failed open is said aloud. */
  onToolResult(callId: string, result: string, isError: boolean): void {
    const target = this.toolCalls.get(callId);
    if (!target) return;
    this.toolCalls.delete(callId);
    if (!isError) return;
    const why = result.trim().slice(0, 200) || 'no reason given';
    const { turns, delivery } = this.host;
    turns.start(
      (turn) => delivery.speak(turn, `I could not open ${target.title}: ${why}`, []),
      false,
    );
  }

  /** An agent turn's full text went out: remember it and store it. */
  onResponded(eventId: number, text: string, citations: Citation[]): void {
    this.history.push({ role: 'agent', text });
    if (citations.length > 0) this.cited.unshift(...citations);
    this.host.store.agentMessage(eventId, text, citations);
  }

  /** `heard`: a spoken question; when the library has nothing for it, ask "is that right?". */
  private async answer(turn: Turn, question: string, heard = false): Promise<void> {
    const { host } = this;
    const identity = host.identity();
    const room = host.room();
    if (!identity || !room) return;
    const settings = host.settings();
    let answer;
    try {
      answer = await host.advisor.answer({
        viewer: { id: identity.user.id, role: identity.user.role },
        agent: {
          id: room.agent.id,
          agentId: room.agent.agentId,
          name: room.agent.name,
          systemPrompt: settings.systemPrompt,
          language: settings.language,
        },
        question,
        history: this.history.slice(-HISTORY_TURNS - 1, -1),
        context: [...this.context.values()],
        userFirstName: identity.user.firstName,
        roomId: room.id,
        conversationId: host.store.id,
        signal: turn.abort.signal,
      });
    } catch (err) {
      if (turn.abort.signal.aborted) return;
      host.log.error({ err }, 'advisor failed');
      await host.delivery.speak(turn, ANSWER_FAILED, []);
      return;
    }
    if (turn.abort.signal.aborted) return;
    if (heard && !answer.answered) {
      // Nothing found may mean a misheard question: the user checks the words first.
      this.unconfirmed = question;
      await host.delivery.speak(turn, confirmQuestion(question), []);
      return;
    }
    await host.delivery.deliver(turn, answer.text, answer.citations);
  }
}
