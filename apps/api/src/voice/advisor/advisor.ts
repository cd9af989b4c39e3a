import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../plugins/db';
import { type AdvisorPassageRow, searchPassagesForAgent } from '../../content/content.repository';
import type { Advisor, AdvisorAnswer, AdvisorRequest } from './advisor.types';
import type { LlmConfig } from './llm';
import { chatMessages, llmAnswer } from './model-answer';
import { composeExtractive, toCitation } from './quote';
import {
  classifySmallTalk,
  type QueryTerm,
  queryTerms,
  type SafetyTopic,
  safetyTopic,
  type SmallTalkKind,
  tsqueryFragment,
} from './text';

export { citationUrl, composeExtractive, sourceName } from './quote';

// The Field Advisor's brain (docs/voice-advisor.md): retrieval over what the user may
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
