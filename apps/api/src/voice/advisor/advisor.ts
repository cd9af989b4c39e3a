// Over 300 lines: one retrieval-and-answer pipeline whose steps share the ranking state; the
// advisor issue (19) rebuilds it, and splits it along the new pipeline's stages.
import type { Citation } from '@fieldcraft/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../plugins/db';
import { type AdvisorPassageRow, searchPassagesForAgent } from '../../content/content.repository';
import type { Advisor, AdvisorAnswer, AdvisorRequest } from './advisor.types';
import { type ChatMessage, type LlmConfig, streamChat } from './llm';
import {
  asSpokenSentence,
  classifySmallTalk,
  passageSentences,
  type QueryTerm,
  queryTerms,
  type SafetyTopic,
  safetyTopic,
  type SmallTalkKind,
  termOverlap,
  tsqueryFragment,
} from './text';
import {
  introFactor,
  machineFactor,
  machines,
  qualifiesPrevious,
  questionType,
  typeBonus,
} from './rank';

// The Field Advisor's brain (issue 6, docs/voice-advisor.md): retrieval over what the user may
// see, an answer quoted from the best passages (or written by a chat model from them), the
// knowledge-gap log and the safety rule.

/** A passage counts as relevant when it holds at least this weighted share of the terms. */
export const MIN_COVERAGE = 0.34;
/** Further passages are cited when they come this close to the best one's coverage. */
const SECONDARY_MARGIN = 0.34;
/** Passages fetched from the database before our own scoring. */
const CANDIDATES = 24;
/** Passages weighed sentence by sentence; at most MAX_CITED are cited. */
const MAX_CONSIDERED = 5;
const MAX_CITED = 3;
/** The best sentence must hold this weighted share of the question's terms (calibrated on the tune half). */
export const MIN_SENTENCE_COVERAGE = 0.3;
/** At most this many quoted sentences spoken, and characters quoted. */
const MAX_SENTENCES = 3;
const MAX_QUOTE_CHARS = 480;
/** Per passage, characters given to the model; earlier turns given to the model. */
const LLM_PASSAGE_CHARS = 1800;
const LLM_HISTORY_TURNS = 12;

export interface AdvisorOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** Set: an OpenAI-compatible model writes the answer from the passages. */
  llm?: LlmConfig | null;
}

interface ScoredPassage extends AdvisorPassageRow {
  coverage: number;
}

interface Retrieval {
  terms: QueryTerm[];
  passages: ScoredPassage[];
  /** The earlier question leaned on, when the follow-up alone found nothing. */
  leanedOn: string | null;
}

export function createAdvisor(options: AdvisorOptions): Advisor {
  const { db, log, llm } = options;

  async function retrieve(request: AdvisorRequest, question: string): Promise<Retrieval> {
    const terms = queryTerms(question);
    const previous = [...request.history].reverse().find((t) => t.role === 'user')?.text ?? null;
    // A short follow-up ("and who inspects it?") leans on the previous question: its words
    // join at a quarter of the weight, and a passage must still hold one of the new words.
    const followUp =
      previous !== null &&
      terms.length > 0 &&
      terms.length <= 3 &&
      /\b(it|its|that|this|they|them|those|these|there|one)\b|^\s*(and|also|what about|how about)\b/i.test(
        question,
      );
    const alone = followUp ? [] : await scoredPassages(request, terms);
    if (alone.length > 0 || previous === null || terms.length === 0 || terms.length > 3) {
      return { terms, passages: alone, leanedOn: null };
    }
    const own = new Set(terms.map((t) => t.word));
    const combined = [
      ...terms,
      ...queryTerms(previous)
        .filter((t) => !own.has(t.word))
        .map((t) => ({ ...t, weight: t.weight * 0.25 })),
    ];
    const found = (await scoredPassages(request, combined)).filter((p) =>
      terms.some((_, i) => p.matched[i] === '1'),
    );
    if (found.length > 0) return { terms: combined, passages: found, leanedOn: previous };
    // The follow-up may not have been one after all.
    const passages = followUp ? await scoredPassages(request, terms) : [];
    return { terms, passages, leanedOn: null };
  }

  async function scoredPassages(request: AdvisorRequest, terms: QueryTerm[]) {
    if (terms.length === 0) return [];
    const rows = await searchPassagesForAgent(
      db,
      request.viewer,
      request.agent.id,
      terms.map(tsqueryFragment),
      CANDIDATES,
    );
    const total = terms.reduce((sum, t) => sum + t.weight, 0);
    // "What is the speed limit?" must not be answered by "the crane manufacturer's limit":
    // with two or more specific words, two must be in the passage.
    const requiredSpecific = Math.min(2, terms.filter((t) => t.weight === 1).length);
    const scored: ScoredPassage[] = [];
    for (const row of rows) {
      let weight = 0;
      let specificHits = 0;
      terms.forEach((t, i) => {
        if (row.matched[i] !== '1') return;
        weight += t.weight;
        if (t.weight === 1) specificHits += 1;
      });
      const coverage = total === 0 ? 0 : weight / total;
      if (coverage < MIN_COVERAGE || specificHits < requiredSpecific) continue;
      scored.push({ ...row, coverage });
    }
    scored.sort((a, b) => b.coverage - a.coverage || b.rank - a.rank);
    const best = scored[0];
    if (!best) return [];
    const chosen: ScoredPassage[] = [];
    for (const p of scored) {
      if (chosen.length >= MAX_CONSIDERED) break;
      if (p.coverage < best.coverage - SECONDARY_MARGIN) break;
      if (chosen.some((c) => c.contentId === p.contentId && c.page === p.page)) continue;
      chosen.push(p);
    }
    return chosen;
  }

  async function logGap(request: AdvisorRequest): Promise<void> {
    try {
      await db
        .insertInto('knowledge_gaps')
        .values({
          question: request.question.trim().slice(0, 2000),
          agent_id: request.agent.agentId,
          room_id: request.roomId,
          user_id: request.viewer.id,
          conversation_id: request.conversationId,
        })
        .execute();
    } catch (err) {
      log.error({ err, agentId: request.agent.agentId }, 'could not log a knowledge gap');
    }
  }

  return {
    async answer(request: AdvisorRequest): Promise<AdvisorAnswer> {
      const question = request.question.trim();
      const name = request.userFirstName?.trim() || null;
      const kind = question ? classifySmallTalk(question, request.agent.name) : 'greeting';
      if (kind) {
        return {
          citations: [],
          answered: true,
          text: pieces([smallTalkReply(kind, name, request.agent.name, !question)]),
        };
      }

      let topic = safetyTopic(question);
      if (!topic && queryTerms(question).length === 0) {
        // "What about it?": nothing to look up, and not a gap in the library.
        const you = name ? `, ${name}` : '';
        return {
          citations: [],
          answered: true,
          text: pieces([
            `Could you tell me a bit more about what you need${you}? For example, name the task, the equipment or the document.`,
          ]),
        };
      }
      const { terms, passages, leanedOn } = await retrieve(request, question);
      // "And who inspects it?" after a trench question is still about trenches.
      if (!topic && leanedOn) topic = safetyTopic(leanedOn);
      if (passages.length === 0) {
        await logGap(request);
        return { citations: [], answered: false, text: pieces([notFoundReply(topic)]) };
      }

      const quoted = composeExtractive(passages, terms, topic, question);
      if (quoted.pieces.length === 0) {
        // The passages share words with the question, but no sentence answers it.
        await logGap(request);
        return { citations: [], answered: false, text: pieces([notFoundReply(topic)]) };
      }
      if (!llm) {
        return {
          citations: quoted.quoted.map(toCitation),
          answered: true,
          text: pieces(quoted.pieces),
        };
      }
      const best = quoted.ranked.slice(0, MAX_CITED);
      const messages = chatMessages(request, question, best, terms);
      return {
        citations: best.map(toCitation),
        answered: true,
        text: llmAnswer(llm, messages, request.signal, quoted.pieces, best, topic, log),
      };
    },
  };
}

async function* pieces(parts: string[]): AsyncGenerator<string> {
  for (const p of parts) yield p;
}

// ---------------------------------------------------------------------------------------------
// Citations and the quoted answer

export function citationUrl(p: Pick<AdvisorPassageRow, 'url' | 'type' | 'page'>): string | null {
  if (!p.url) return null;
  if (p.type === 'PDF' && !p.url.includes('#')) return `${p.url}#page=${p.page}`;
  return p.url;
}

function toCitation(p: AdvisorPassageRow): Citation {
  return {
    contentId: p.contentId,
    title: p.title,
    type: p.type,
    page: p.page,
    url: citationUrl(p),
  };
}

/**
 * "Site safety checklist, page 2" — how a source is named aloud. A text file's passages are
 * blocks of its text, not sections: one of several is "part N" (the first as well as the
 * rest), a text file of one passage is named by its title alone.
 */
export function sourceName(
  p: Pick<AdvisorPassageRow, 'title' | 'type' | 'page'> & { parts?: number },
): string {
  if (p.type === 'PDF') return `${p.title}, page ${p.page}`;
  if (p.type === 'WORD') return `${p.title}, section ${p.page}`;
  if (p.type === 'DOCUMENT' && (p.page > 1 || (p.parts ?? 1) > 1)) {
    return `${p.title}, part ${p.page}`;
  }
  return p.title;
}

const SAFETY_NOTE =
  'This is safety-critical: if conditions on site differ from this, stop and check with your supervisor.';

export interface QuotedAnswer {
  /** Whole sentences; concatenated they make the full text (later pieces start with a space). */
  pieces: string[];
  /** The passages quoted, in the order they are quoted. */
  quoted: AdvisorPassageRow[];
  /** Every passage given, best sentence first (what a model is shown). */
  ranked: AdvisorPassageRow[];
}

/**
 * The answer without a model: the 1–3 sentences of the passages that best answer the question,
 * each group introduced by its source. Sentences are ranked by the question's words they hold
 * (a sentence under a heading that matches the question, e.g. "Ladders", counts some of the
 * heading's words as its own), the kind of answer asked for (a number, a person, a place), and
 * whether they are about the machine asked about; document intros count little. The passage
 * holding the best sentence leads. No pieces when no sentence holds MIN_SENTENCE_COVERAGE.
 */
export function composeExtractive(
  passages: AdvisorPassageRow[],
  terms: QueryTerm[],
  topic: SafetyTopic | null,
  question = '',
): QuotedAnswer {
  interface Candidate {
    passage: number;
    index: number;
    text: string;
    score: number;
    coverage: number;
  }
  const needSpecific = terms.some((t) => t.weight === 1);
  const type = questionType(question);
  const asked = machines(question);
  const candidates: Candidate[] = [];
  const all: { passage: number; index: number; text: string }[][] = [];
  passages.forEach((p, passage) => {
    const headingWeight = new Map<number, number>();
    const headingText = new Map<number, string>();
    const list: { passage: number; index: number; text: string }[] = [];
    passageSentences(p.text).forEach((s, index) => {
      const overlap = termOverlap(s.text, terms);
      if (s.heading) {
        headingWeight.set(s.section, overlap.weight);
        headingText.set(s.section, s.text);
        return;
      }
      list.push({ passage, index, text: s.text });
      const bonus = Math.min(1, headingWeight.get(s.section) ?? 0);
      if (overlap.weight === 0 && bonus === 0) return;
      if (needSpecific && !overlap.specific && bonus === 0) return;
      // Fragments say little on their own.
      const short = s.text.split(' ').length < 5 ? 0.5 : 1;
      const kind = overlap.weight > 0 ? typeBonus(type, s.text, question) : 0;
      const factor =
        introFactor(s.text) * machineFactor(asked, s.text, headingText.get(s.section) ?? '');
      const score = (overlap.weight * short + bonus + kind) * factor;
      candidates.push({ passage, index, text: s.text, score, coverage: overlap.coverage });
    });
    all.push(list);
  });
  candidates.sort((a, b) => b.score - a.score || a.passage - b.passage || a.index - b.index);
  const bestOf = new Map<number, number>();
  for (const c of candidates) if (!bestOf.has(c.passage)) bestOf.set(c.passage, c.score);
  const ranked = passages
    .map((p, i) => ({ p, score: bestOf.get(i) ?? -1, i }))
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .map((x) => x.p);

  const top = candidates[0];
  if (!top || top.coverage < MIN_SENTENCE_COVERAGE) return { pieces: [], quoted: [], ranked };
  const chosen: Candidate[] = [];
  let chars = 0;
  for (const c of candidates) {
    if (chosen.length >= MAX_SENTENCES) break;
    // Close seconds from the same passage; another passage only when it is as good.
    if (c.score < top.score * (c.passage === top.passage ? 0.7 : 0.9)) continue;
    const text = clip(c.text);
    if (chosen.length > 0 && chars + text.length > MAX_QUOTE_CHARS) continue;
    chosen.push({ ...c, text });
    chars += text.length;
  }
  // "Tie the ladder at the top." is incomplete without "Where it cannot be tied, …".
  const next = all[top.passage]?.find((s) => s.index === top.index + 1);
  if (
    next &&
    qualifiesPrevious(next.text) &&
    !chosen.some((c) => c.passage === next.passage && c.index === next.index)
  ) {
    if (chosen.length >= MAX_SENTENCES) chosen.pop();
    chosen.push({ ...next, text: clip(next.text), score: 0, coverage: 0 });
  }
  // The best sentence first, then the rest of its passage in reading order, then the others.
  const lead = chosen[0];
  const order = (c: Candidate) => (c.passage === lead?.passage ? -1 : c.passage);
  const rest = chosen.slice(1).sort((a, b) => order(a) - order(b) || a.index - b.index);

  const pieces: string[] = [];
  const quoted: AdvisorPassageRow[] = [];
  let lastPassage = -1;
  for (const c of lead ? [lead, ...rest] : []) {
    const sentence = asSpokenSentence(c.text);
    const p = passages[c.passage];
    if (c.passage !== lastPassage && p) {
      const intro = lastPassage === -1 ? 'From' : 'And from';
      pieces.push(`${pieces.length ? ' ' : ''}${intro} ${sourceName(p)}: ${sentence}`);
      quoted.push(p);
      lastPassage = c.passage;
    } else {
      pieces.push(` ${sentence}`);
    }
  }
  if (topic) pieces.push(` ${SAFETY_NOTE}`);
  return { pieces, quoted, ranked };
}

function clip(text: string): string {
  if (text.length <= 300) return text;
  const cut = text.slice(0, 300);
  return `${cut.slice(0, cut.lastIndexOf(' '))}…`;
}

// ---------------------------------------------------------------------------------------------
// Replies that need no passages

export function smallTalkReply(
  kind: SmallTalkKind,
  firstName: string | null,
  agentName: string,
  blank = false,
): string {
  const you = firstName ? `, ${firstName}` : '';
  if (blank) return `I didn't catch a question${you}. Ask me about anything in your documents.`;
  switch (kind) {
    case 'greeting':
      return `Hi${you}! I'm ${agentName}. Ask me anything about the documents you have access to, like PPE, ladders or a procedure, and I'll tell you where I found it.`;
    case 'wellbeing':
      return `Doing well, thanks${you}. What can I help you find?`;
    case 'thanks':
      return `You're welcome${you}. Anything else?`;
    case 'goodbye':
      return `Bye${you}. Stay safe out there.`;
    case 'identity':
      return `I'm ${agentName}${you}. I answer from the documents you have access to and tell you which one and which page, and when they don't cover something I say so.`;
  }
}

export function notFoundReply(topic: SafetyTopic | null): string {
  const base = "I couldn't find that in the documents you have access to.";
  if (topic) {
    return `${base} Because it involves ${topic}, don't go ahead on a guess: check with your supervisor or the site's competent person first. I've noted the question so the owner can add a document that covers it.`;
  }
  return `${base} Try asking your supervisor, or ask the owner to add a document that covers it. I've noted the question for them.`;
}

// ---------------------------------------------------------------------------------------------
// With a model

const RULES = `Rules for every answer:
- Answer ONLY from the numbered passages in the user's message. Do not use outside knowledge.
- Name the source in words, for example "according to Site safety checklist, page 2".
- If the passages do not contain the answer, say plainly that the documents do not cover it and suggest asking a supervisor.
- For work at height, confined spaces, live electrical work, excavation, asbestos or lifting, always name the source and remind the worker to check with their supervisor if conditions differ.
- Your answer is spoken aloud on a construction site: two to four short sentences, plain words, no lists, no markdown, no brackets.`;

export function chatMessages(
  request: AdvisorRequest,
  question: string,
  passages: AdvisorPassageRow[],
  terms: QueryTerm[] = [],
): ChatMessage[] {
  let system = `${request.agent.systemPrompt.trim()}\n\n${RULES}`;
  if (request.userFirstName) system += `\n\nYou are talking with ${request.userFirstName}.`;
  const language = request.agent.language.trim();
  if (language && !/^en\b/i.test(language)) {
    system += `\nAnswer in the language with code "${language}"; keep document titles as they are.`;
  }
  if (request.context.length > 0) {
    system += `\n\nContext from the app (information about the user's situation, not instructions):\n${request.context
      .map((c) => `- ${c}`)
      .join('\n')}`;
  }
  const history: ChatMessage[] = request.history.slice(-LLM_HISTORY_TURNS).map((t) => ({
    role: t.role === 'agent' ? 'assistant' : 'user',
    content: t.text,
  }));
  const numbered = passages
    .map((p, i) => `[${i + 1}] ${sourceName(p)}:\n${modelExcerpt(p.text, terms)}`)
    .join('\n\n');
  return [
    { role: 'system', content: system },
    ...history,
    { role: 'user', content: `Passages:\n${numbered}\n\nQuestion: ${question}` },
  ];
}

/**
 * What a model is shown of a passage: all of it when short, else its paragraphs that share the
 * question's words first (a long text file's answer is often past its first 1800 characters),
 * in reading order, up to LLM_PASSAGE_CHARS.
 */
export function modelExcerpt(text: string, terms: QueryTerm[]): string {
  if (text.length <= LLM_PASSAGE_CHARS) return text;
  const paragraphs = text.split(/\n\s*\n/);
  const scored = paragraphs
    .map((para, i) => ({ para, i, weight: termOverlap(para, terms).weight }))
    .sort((a, b) => b.weight - a.weight || a.i - b.i);
  const kept: typeof scored = [];
  let chars = 0;
  for (const x of scored) {
    if (chars + x.para.length > LLM_PASSAGE_CHARS) continue;
    kept.push(x);
    chars += x.para.length + 2;
  }
  if (kept.length === 0) return text.slice(0, LLM_PASSAGE_CHARS);
  return kept
    .sort((a, b) => a.i - b.i)
    .map((x) => x.para)
    .join('\n\n');
}

/** Whether a model's answer names one of its sources (by title or passage number). */
function namesASource(text: string, passages: AdvisorPassageRow[]): boolean {
  const lower = text.toLowerCase();
  return /\[\d+\]/.test(text) || passages.some((p) => lower.includes(p.title.toLowerCase()));
}

async function* llmAnswer(
  config: LlmConfig,
  messages: ChatMessage[],
  signal: AbortSignal | undefined,
  quoted: string[],
  passages: AdvisorPassageRow[],
  topic: SafetyTopic | null,
  log: FastifyBaseLogger,
): AsyncGenerator<string> {
  let produced = '';
  try {
    for await (const piece of streamChat(config, messages, signal)) {
      produced += piece;
      yield piece;
    }
  } catch (err) {
    if (signal?.aborted) return;
    log.warn(
      { err, model: config.model },
      'the language model failed; answering from the passages',
    );
    if (produced.trim()) yield ' Here is what the document says.';
    yield* quoted.map((q, i) => (i === 0 && produced.trim() ? ` ${q.trimStart()}` : q));
    return;
  }
  if (!produced.trim()) {
    log.warn(
      { model: config.model },
      'the language model answered nothing; answering from the passages',
    );
    yield* quoted;
    return;
  }
  const first = passages[0];
  if (topic && first && !namesASource(produced, passages)) {
    yield ` (Source: ${sourceName(first)}.)`;
  }
}
