import {
  type ConversationInitiationClientData,
  ConversationInitiationClientDataSchema,
} from '@fieldcraft/contracts';
import { VoiceRefusal } from './auth';

// Frames that arrive before the metadata frame (voice-protocol.md §3): the first may be the
// initiation frame, which the conversation waits for; the rest wait for the conversation.

const MAX_EARLY_FRAMES = 1000;
type Frame = Record<string, unknown>;

function asInit(frame: Frame | null): ConversationInitiationClientData | null {
  if (!frame || frame.type !== 'conversation_initiation_client_data') return null;
  const parsed = ConversationInitiationClientDataSchema.safeParse(frame);
  if (!parsed.success) throw new VoiceRefusal('Invalid conversation_initiation_client_data');
  return parsed.data;
}

export class Handshake {
  private readonly inbox: Frame[] = [];
  private firstFrame: ((frame: Frame | null) => void) | null = null;

  /** A frame before the conversation opened: kept, and handed to a waiting initiation. */
  receive(frame: Frame): void {
    if (this.inbox.length < MAX_EARLY_FRAMES) this.inbox.push(frame);
    if (this.inbox.length === 1) this.firstFrame?.(frame);
  }

  /**
   * The initiation frame if it is the first frame; null when the first frame is something else
   * or none comes within `timeoutMs`. Refuses (1008) a malformed initiation frame.
   */
  waitForInitiation(timeoutMs: number): Promise<ConversationInitiationClientData | null> {
    const first = this.inbox[0];
    if (first) {
      // Consumed: only the initiation frame; anything else stays for after the metadata.
      const init = asInit(first);
      if (init) this.inbox.shift();
      return Promise.resolve(init);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.firstFrame = null;
        resolve(null);
      }, timeoutMs);
      this.firstFrame = (frame) => {
        clearTimeout(timer);
        this.firstFrame = null;
        try {
          const init = asInit(frame);
          if (init) this.inbox.shift();
          resolve(init);
        } catch (err) {
          reject(err);
        }
      };
    });
  }

  /** The session is ending: a pending wait ends with no initiation. */
  cancel(): void {
    this.firstFrame?.(null);
  }

  /** The frames kept so far, in order; the inbox is left empty. */
  drain(): Frame[] {
    return this.inbox.splice(0);
  }
}
