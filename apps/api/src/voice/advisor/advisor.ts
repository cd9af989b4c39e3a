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

// The Field Advisor's brain (issue 6, docs/voice-advisor.md): retrieval over what the user may
// see, an answer quoted from the best passages (or written by a chat model from them), the
// knowledge-gap log and the safety rule.

/** A passage counts as relevant when it holds at least this weighted share of the terms. */
export const MIN_COVERAGE = 0.34;
/** Further passages are cited when they come this close to the best one's coverage. */
const SECONDARY_MARGIN = 0.2;
/** Passages fetched from the database before our own scoring. */
const CANDIDATES = 24;
/** At most this many passages are cited, quoted sentences spoken, and characters quoted. */
const MAX_CITED = 3;
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
      if (chosen.length >= MAX_CITED) break;
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

      const quoted = composeExtractive(passages, terms, topic);
      if (!llm) {
        return {
          citations: quoted.quoted.map(toCitation),
          answered: true,
          text: pieces(quoted.pieces),
        };
      }
      const messages = chatMessages(request, question, passages);
      return {
        citations: passages.map(toCitation),
        answered: true,
        text: llmAnswer(llm, messages, request.signal, quoted.pieces, passages, topic, log),
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

/** "Site safety checklist, page 2" — how a source is named aloud. */
export function sourceName(p: Pick<AdvisorPassageRow, 'title' | 'type' | 'page'>): string {
  if (p.type === 'PDF') return `${p.title}, page ${p.page}`;
  if (p.type === 'WORD' || (p.type === 'DOCUMENT' && p.page > 1)) {
    return `${p.title}, section ${p.page}`;
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
}

/**
 * The answer without a model: the 1–3 sentences of the best passages that share the most
 * words with the question, each group introduced by its source. A sentence under a heading
 * that matches the question (e.g. "Ladders") counts some of the heading's words as its own.
 */
export function composeExtractive(
  passages: AdvisorPassageRow[],
  terms: QueryTerm[],
  topic: SafetyTopic | null,
): QuotedAnswer {
  interface Candidate {
    passage: number;
    index: number;
    text: string;
    score: number;
  }
  const needSpecific = terms.some((t) => t.weight === 1);
  const candidates: Candidate[] = [];
  passages.slice(0, 2).forEach((p, passage) => {
    const headingWeight = new Map<number, number>();
    passageSentences(p.text).forEach((s, index) => {
      const overlap = termOverlap(s.text, terms);
      if (s.heading) {
        headingWeight.set(s.section, overlap.weight);
        return;
      }
      const bonus = Math.min(1, headingWeight.get(s.section) ?? 0);
      if (overlap.weight === 0 && bonus === 0) return;
      if (needSpecific && !overlap.specific && bonus === 0) return;
      // Fragments say little on their own.
      const short = s.text.split(' ').length < 5 ? 0.5 : 1;
      candidates.push({ passage, index, text: s.text, score: overlap.weight * short + bonus });
    });
  });
  candidates.sort((a, b) => b.score - a.score || a.passage - b.passage || a.index - b.index);

  const top = candidates[0];
  const chosen: Candidate[] = [];
  let chars = 0;
  for (const c of candidates) {
    if (!top || chosen.length >= MAX_SENTENCES) break;
    // Close seconds from the same passage; another passage only when it is as good.
    if (c.score < top.score * (c.passage === top.passage ? 0.7 : 0.9)) continue;
    const text = clip(c.text);
    if (chosen.length > 0 && chars + text.length > MAX_QUOTE_CHARS) continue;
    chosen.push({ ...c, text });
    chars += text.length;
  }
  // No sentence shares a word we recognise (PostgreSQL's stemmer knows more): quote the start.
  if (chosen.length === 0 && passages[0]) {
    passageSentences(passages[0].text)
      .filter((s) => !s.heading)
      .slice(0, 2)
      .forEach((s, index) => chosen.push({ passage: 0, index, text: clip(s.text), score: 0 }));
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
  return { pieces, quoted };
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
    .map((p, i) => `[${i + 1}] ${sourceName(p)}:\n${p.text.slice(0, LLM_PASSAGE_CHARS)}`)
    .join('\n\n');
  return [
    { role: 'system', content: system },
    ...history,
    { role: 'user', content: `Passages:\n${numbered}\n\nQuestion: ${question}` },
  ];
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
