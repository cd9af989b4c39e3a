import type { Citation } from '@fieldcraft/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { randomBytes } from 'node:crypto';
import type { Db } from '../../plugins/db';
import {
  endConversation,
  insertConversation,
  insertMessage,
  type NewConversation,
  setFeedback,
} from './voice.repository';

// One conversation's rows: the conversation, its transcript and feedback, and its end. Writes
// run one after another, so feedback lands after the message it rates and the end after all.

export interface CloseOutcome {
  /** The close code stored (1005, "no code", is stored as 1000). */
  closeCode: number;
  endReason: 'agent' | 'user' | 'error';
}

/** Who ended the conversation and how, from the server's close (if any) or the client's code. */
export function closeOutcome(
  serverClose: { code: number } | null,
  receivedCode: number,
): CloseOutcome {
  const code = serverClose ? serverClose.code : receivedCode;
  const endReason = serverClose
    ? serverClose.code === 1000
      ? 'agent'
      : 'error'
    : receivedCode === 1000 || receivedCode === 1005
      ? 'user'
      : 'error';
  return { closeCode: code === 1005 ? 1000 : code, endReason };
}

export class ConversationStore {
  /** conversations.id, set as soon as the row is being written. */
  id: string | null = null;
  private startedAt = new Date();
  private writes: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Names the conversation and writes its row. */
  async open(c: Omit<NewConversation, 'id' | 'startedAt'>): Promise<string> {
    const id = `conv_${randomBytes(12).toString('hex')}`;
    this.id = id;
    this.startedAt = new Date();
    await insertConversation(this.db, { ...c, id, startedAt: this.startedAt });
    return id;
  }

  userMessage(eventId: number, source: 'text' | 'voice', text: string): void {
    const conversationId = this.id;
    if (!conversationId) return;
    this.write(() =>
      insertMessage(this.db, { conversationId, eventId, role: 'user', source, text }),
    );
  }

  agentMessage(eventId: number, text: string, citations: Citation[]): void {
    const conversationId = this.id;
    if (!conversationId) return;
    this.write(() =>
      insertMessage(this.db, {
        conversationId,
        eventId,
        role: 'agent',
        source: 'agent',
        text,
        citations,
      }),
    );
  }

  feedback(eventId: number, score: 'like' | 'dislike' | null): void {
    const id = this.id;
    if (!id) return;
    this.write(() => setFeedback(this.db, id, eventId, score).then(() => undefined));
  }

  /** Stores the end after every earlier write; resolves once all are done. */
  async end(outcome: CloseOutcome): Promise<void> {
    const id = this.id;
    if (!id) return;
    const endedAt = new Date();
    this.write(() =>
      endConversation(this.db, id, {
        endedAt,
        durationSeconds: Math.round((endedAt.getTime() - this.startedAt.getTime()) / 1000),
        endReason: outcome.endReason,
        closeCode: outcome.closeCode,
      }),
    );
    await this.writes;
  }

  private write(fn: () => Promise<void>): void {
    this.writes = this.writes.then(fn).catch((err: unknown) => {
      this.log.error({ err }, 'voice storage failed');
    });
  }
}
