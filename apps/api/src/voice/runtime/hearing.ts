import { MIN_CONFIDENCE } from '../speech/index';
import type { RecognitionResult } from '../speech/speech.types';

// What the advisor does with a recognised utterance, from the recognizer's confidence and the
// retrieval's (whether the library answers it). In noise a transcript can be confidently wrong,
// so an answer needs both; below that the user sees and hears the words and can say "yes",
// repeat or type. Every detected utterance gets a reply (docs/voice-speech.md, "Confidence").

export const SAY_AGAIN = "Sorry, I didn't catch that. Please say it again, or type your question.";
export const SAY_AGAIN_AFTER_NO = 'Okay. Please say it again, or type your question.';

/** "I heard '…' — is that right?" with the words the recognizer made of it. */
export function confirmQuestion(text: string): string {
  return `I heard '${text}' — is that right?`;
}

/**
 * At or above this mean word posterior the transcript is trusted enough to answer, when the
 * library has an answer to it (calibrated on the hearing benchmark's tune half).
 */
export const SURE_CONFIDENCE = 0.7;

/**
 * Under this estimated SNR (dB) even a sure transcript is shown and confirmed before it is
 * answered: at 10 dB site noise the hearing benchmark still found garbled transcripts above
 * SURE_CONFIDENCE. The estimate (denoise.ts, estimateSnrDb) was 13.3–17.0 dB for 10 dB clips
 * and 22.3 dB or more for 20 dB ones (tune half).
 */
export const CONFIRM_BELOW_SNR_DB = 20;

export type Hearing =
  /** Nothing usable: "say it again or type it". */
  | 'again'
  /** Show the words and ask "is that right?" before answering. */
  | 'confirm'
  /** Ask the advisor; answer when it finds something, else confirm. */
  | 'answer';

export function judgeHearing(result: RecognitionResult): Hearing {
  const text = result.text.trim();
  if (!text || result.confidence < MIN_CONFIDENCE) return 'again';
  if (result.snrDb !== undefined && result.snrDb < CONFIRM_BELOW_SNR_DB) return 'confirm';
  return result.confidence >= SURE_CONFIDENCE ? 'answer' : 'confirm';
}

const YES = /^(yes|yeah|yep|yup|aye|correct|right|that's right|that is right|that's it|exactly)\b/;
const NO = /^(no|nope|nah|wrong|not right|that's wrong|that is wrong)\b/;

/** A reply to "is that right?": yes, no, or something else (a new question). */
export function replyToConfirm(text: string): 'yes' | 'no' | null {
  const t = text
    .trim()
    .toLowerCase()
    .replace(/[.!?,]/g, '');
  if (t.split(/\s+/).length > 5) return null;
  if (YES.test(t)) return 'yes';
  if (NO.test(t)) return 'no';
  return null;
}
