// The quoted answer (no model): which sentences of the retrieved passages answer the question,
// and how their sources are named and linked.
import type { Citation } from '@fieldcraft/contracts';
import type { AdvisorPassageRow } from '../../content/content.repository';
import {
  introFactor,
  machineFactor,
  machines,
  qualifiesPrevious,
  questionType,
  typeBonus,
} from './rank';
import {
  asSpokenSentence,
  passageSentences,
  type QueryTerm,
  type SafetyTopic,
  termOverlap,
} from './text';

/** The best sentence must hold this weighted share of the question's terms (calibrated on the tune half). */
export const MIN_SENTENCE_COVERAGE = 0.3;
/** At most this many quoted sentences spoken, and characters quoted. */
const MAX_SENTENCES = 3;
const MAX_QUOTE_CHARS = 480;

export function citationUrl(p: Pick<AdvisorPassageRow, 'url' | 'type' | 'page'>): string | null {
  if (!p.url) return null;
  if (p.type === 'PDF' && !p.url.includes('#')) return `${p.url}#page=${p.page}`;
  return p.url;
}

export function toCitation(p: AdvisorPassageRow): Citation {
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
