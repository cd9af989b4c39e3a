import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Advisor, AdvisorRequest } from '../advisor/advisor.types';
import { MIN_CONFIDENCE } from '../speech/index';
import type { Delivery } from './delivery';
import { Dialogue } from './dialogue';
import {
  confirmQuestion,
  CONFIRM_BELOW_SNR_DB,
  judgeHearing,
  replyToConfirm,
  SAY_AGAIN,
  SAY_AGAIN_AFTER_NO,
  SURE_CONFIDENCE,
} from './hearing';
import type { ConversationStore } from './persistence';
import { Turns } from './turns';

// Every recognised utterance gets a reply: an answer (confident words the library answers),
// "I heard '…' — is that right?" (the words shown in a user transcript), or "say it again".
// The socket-level paths (a spoken question answered, site noise asked again) are in
// voice-mode.test.ts with the real engines; here each decision with a recording advisor.

describe('judgeHearing', () => {
  it('sends blank and low-confidence results back to the user', () => {
    expect(judgeHearing({ text: '', confidence: 0 })).toBe('again');
    expect(judgeHearing({ text: 'the scaffold', confidence: MIN_CONFIDENCE - 0.01 })).toBe('again');
  });
  it('asks "is that right?" between the two thresholds, answers above', () => {
    expect(judgeHearing({ text: 'the scaffold', confidence: MIN_CONFIDENCE })).toBe('confirm');
    expect(judgeHearing({ text: 'the scaffold', confidence: SURE_CONFIDENCE - 0.01 })).toBe(
      'confirm',
    );
    expect(judgeHearing({ text: 'the scaffold', confidence: SURE_CONFIDENCE })).toBe('answer');
  });
  it('confirms even a sure transcript heard through heavy noise', () => {
    const sure = { text: 'the scaffold', confidence: 0.95 };
    expect(judgeHearing({ ...sure, snrDb: CONFIRM_BELOW_SNR_DB - 1 })).toBe('confirm');
    expect(judgeHearing({ ...sure, snrDb: CONFIRM_BELOW_SNR_DB })).toBe('answer');
    expect(judgeHearing({ ...sure, confidence: 0.1, snrDb: 5 })).toBe('again');
  });
  it('reads a short yes or no, and nothing else, as the reply to a confirmation', () => {
    expect(replyToConfirm('yes')).toBe('yes');
    expect(replyToConfirm("Yeah that's right.")).toBe('yes');
    expect(replyToConfirm('no')).toBe('no');
    expect(replyToConfirm('no that is wrong')).toBe('no');
    expect(replyToConfirm('how deep can the trench be')).toBeNull();
    expect(replyToConfirm('yes and how deep can the trench be before we shore it')).toBeNull();
  });
});

function dialogue(answered: boolean) {
  const sent: Record<string, unknown>[] = [];
  const said: string[] = [];
  const asked: string[] = [];
  const lifetime = new AbortController().signal;
  const turns = new Turns({
    isOpen: () => true,
    send: (f) => sent.push(f),
    fail: () => undefined,
    lifetime,
  });
  const delivery = {
    speak: async (_turn: unknown, text: string) => void said.push(text),
    deliver: async (_turn: unknown, text: AsyncIterable<string>) => {
      let all = '';
      for await (const piece of text) all += piece;
      said.push(all);
    },
  } as unknown as Delivery;
  const advisor: Advisor = {
    answer: async (request: AdvisorRequest) => {
      asked.push(request.question);
      return {
        answered,
        citations: [],
        text: (async function* () {
          yield answered ? `The answer to ${request.question}.` : "I couldn't find that.";
        })(),
      };
    },
  };
  const d = new Dialogue({
    advisor,
    log: { error: () => undefined } as unknown as FastifyBaseLogger,
    turns,
    delivery,
    store: {
      id: 'c1',
      userMessage: () => undefined,
      agentMessage: () => undefined,
    } as unknown as ConversationStore,
    send: (f) => sent.push(f),
    settings: () =>
      ({
        systemPrompt: '',
        language: 'en',
        textOnly: false,
        firstMessage: '',
        voice: null,
      }) as never,
    identity: () => ({ user: { id: 1, role: 'USER', firstName: 'Sam' } }) as never,
    room: () => ({ id: 1, agent: { id: 1, agentId: 'a', name: 'Advisor' } }) as never,
  });
  const settled = () => new Promise((r) => setTimeout(r, 50));
  const transcripts = () =>
    sent
      .filter((f) => f.type === 'user_transcript')
      .map((f) => (f.user_transcription_event as { user_transcript: string }).user_transcript);
  return { d, said, asked, transcripts, settled };
}

describe('what a heard question gets', () => {
  it('a confident transcript the library answers: the transcript, then the answer', async () => {
    const t = dialogue(true);
    t.d.onRecognized({ text: 'how deep is the trench', confidence: 0.9 });
    await t.settled();
    expect(t.transcripts()).toEqual(['how deep is the trench']);
    expect(t.said).toEqual(['The answer to how deep is the trench.']);
  });

  it('a confident transcript the library has nothing for: "is that right?", never a guess', async () => {
    const t = dialogue(false);
    t.d.onRecognized({ text: 'how steep is the cat', confidence: 0.9 });
    await t.settled();
    expect(t.said).toEqual([confirmQuestion('how steep is the cat')]);
    expect(t.said[0]).toBe("I heard 'how steep is the cat' — is that right?");
  });

  it('an unsure transcript: shown, "is that right?", and "yes" answers it', async () => {
    const t = dialogue(true);
    t.d.onRecognized({ text: 'who signs the permit', confidence: 0.5 });
    await t.settled();
    expect(t.transcripts()).toEqual(['who signs the permit']);
    expect(t.asked).toEqual([]);
    expect(t.said).toEqual([confirmQuestion('who signs the permit')]);
    t.d.onRecognized({ text: 'yes', confidence: 0.5 });
    await t.settled();
    expect(t.asked).toEqual(['who signs the permit']);
    expect(t.said.at(-1)).toBe('The answer to who signs the permit.');
  });

  it('"no" after "is that right?" asks again; a new question is simply answered', async () => {
    const t = dialogue(true);
    t.d.onRecognized({ text: 'who signs the permit', confidence: 0.5 });
    await t.settled();
    t.d.onRecognized({ text: 'no', confidence: 0.8 });
    await t.settled();
    expect(t.said.at(-1)).toBe(SAY_AGAIN_AFTER_NO);
    t.d.onRecognized({ text: 'who signs the permit', confidence: 0.5 });
    await t.settled();
    t.d.onUserText('Who signs the hot work permit?', 'text', null);
    await t.settled();
    expect(t.asked).toEqual(['Who signs the hot work permit?']);
  });

  it('nothing usable: "say it again or type it", no transcript, no question asked', async () => {
    const t = dialogue(true);
    t.d.onRecognized({ text: 'the', confidence: 0.1 });
    t.d.onRecognized({ text: '', confidence: 0 });
    await t.settled();
    expect(t.transcripts()).toEqual([]);
    expect(t.asked).toEqual([]);
    expect(t.said).toEqual([SAY_AGAIN]);
  });
});
