// Over 300 lines: small pure word functions used together, most of the length being the
// classifiers' word lists.
// Word handling for the advisor: which words of a question carry meaning, a light stemmer for
// matching them against sentences, sentence splitting, and the small-talk and safety-topic
// classifiers. Pure functions, no I/O.
import { THESAURUS } from './thesaurus';

/**
 * Words that carry no meaning for retrieval: PostgreSQL's English stopwords plus the verbs and
 * fillers of spoken questions ("can you tell me what I need to …").
 */
const STOPWORDS = new Set(
  `a about above after again against all also am an and any are aren't as at be because been before
  being below between both but by can can't cannot could couldn't did didn't do does doesn't doing
  don't down during each few for from further had hadn't has hasn't have haven't having he he'd
  he'll he's her here here's hers herself him himself his how how's i i'd i'll i'm i've if in into is
  isn't it it's its itself let's me more most mustn't my myself no nor not of off on once only or
  other ought our ours ourselves out over own same shan't she she'd she'll she's should shouldn't so
  some such than that that's the their theirs them themselves then there there's these they they'd
  they'll they're they've this those through to too under until up very was wasn't we we'd we'll
  we're we've were weren't what what's when when's where where's which while who who's whom why
  why's with won't would wouldn't you you'd you'll you're you've your yours yourself yourselves
  just now will s t don shall may might must need needs needed get gets got getting go goes going
  know tell say said says explain describe give show let please thanks thank ok okay yes yeah hey
  hi hello well right really actually kind sort thing things stuff something anything way much many
  lot lots like want wanted wants use used using make makes made one ones us im ive id whats hows
  doing done does should've would've could've before after ever also exactly go goes went gone
  happen happens happened come comes put puts`.split(/\s+/),
);

/** Domain words so common in a site library that alone they do not make an answer relevant. */
const GENERIC = new Set([
  'site',
  'sites',
  'work',
  'working',
  'works',
  'job',
  'jobs',
  'safety',
  'safe',
  'safely',
  'rule',
  'rules',
  'check',
  'time',
  'day',
  'people',
  'worker',
  'workers',
  'crew',
]);

const SYNONYMS = THESAURUS;

/** Lowercased words of a text (letters, digits, inner apostrophes). */
export function words(text: string): string[] {
  return (
    text
      .toLowerCase()
      .replace(/[\u2018\u2019\u02bc]/g, "'")
      .match(/[a-z0-9]+(?:'[a-z]+)?/g) ?? []
  ).map((w) => w.replace(/'s$/, ''));
}

/** A light suffix-stripping stemmer: enough to match "trenches" to "trench", "shoring" to "shore". */
export function stem(word: string): string {
  let w = word.toLowerCase();
  if (w.length <= 3) return w;
  const rules: [RegExp, string][] = [
    [/ies$/, 'y'],
    [/^(t|d|l|p)ied$/, '$1ie'],
    [/ied$/, 'y'],
    [/(ss)es$/, '$1'],
    [/(ch|sh|x|z)es$/, '$1'],
    [/ings?$/, ''],
    [/edly$/, ''],
    [/ed$/, ''],
    [/(.{4,})ly$/, '$1'],
    [/([^s])s$/, '$1'],
  ];
  for (const [pattern, replacement] of rules) {
    if (pattern.test(w)) {
      const next = w.replace(pattern, replacement);
      if (next.length >= 3) w = next;
      break;
    }
  }
  if (w.length > 4 && w.endsWith('e')) w = w.slice(0, -1);
  // "shipping" → "shipp" → "ship"
  if (w.length > 4 && /([b-df-hj-np-tv-z])\1$/.test(w) && !/(ll|ss|zz)$/.test(w))
    w = w.slice(0, -1);
  return w;
}

/** One meaningful word of a question, with the forms that count as a match for it. */
export interface QueryTerm {
  word: string;
  /** Stems of the word and its synonyms. */
  stems: string[];
  /** Generic domain words count half. */
  weight: number;
}

/** The meaningful words of a question: stopwords dropped, duplicates (by stem) merged. */
export function queryTerms(question: string, max = 12): QueryTerm[] {
  const out: QueryTerm[] = [];
  const seen = new Set<string>();
  for (const word of words(question)) {
    if (STOPWORDS.has(word) || word.length < 2 || /^\d+$/.test(word)) continue;
    const s = stem(word);
    if (seen.has(s)) continue;
    seen.add(s);
    const stems = [s, ...(SYNONYMS[word] ?? []).map(stem)];
    out.push({ word, stems: [...new Set(stems)], weight: GENERIC.has(word) ? 0.5 : 1 });
    if (out.length >= max) break;
  }
  return out;
}

/**
 * A to_tsquery fragment for one term: the word and its synonyms, OR-ed, prefix-matched when
 * long enough to be specific ("shor:*" would be too loose, "trench:*" is fine). Words are
 * [a-z0-9] only, so the fragment is safe to hand to to_tsquery.
 */
export function tsqueryFragment(term: QueryTerm): string {
  const variants = [term.word, ...(SYNONYMS[term.word] ?? [])]
    .map((w) => w.replace(/[^a-z0-9]/g, ''))
    .filter((w) => w.length > 0);
  const parts = [...new Set(variants)].map((w) => (prefixable(w) ? `${w}:*` : w));
  return parts.length === 1 ? (parts[0] ?? '') : `(${parts.join(' | ')})`;
}

/**
 * Prefix matching applies to PostgreSQL's stem, which can be much shorter than the word
 * ("harness" → "har"), so only long words whose stem stays specific get it.
 */
function prefixable(word: string): boolean {
  return word.length >= 6 && !/(ness|less|ful|ous|ive|al)$/.test(word);
}

/** Whether a word of a document matches a term (same stem, or a prefix of ≥ 5 letters). */
function matchesTerm(docStem: string, term: QueryTerm): boolean {
  return term.stems.some(
    (s) =>
      s === docStem ||
      (s.length >= 5 && docStem.startsWith(s)) ||
      (docStem.length >= 5 && s.startsWith(docStem)),
  );
}

/** Weighted share of the terms a text mentions, 0…1, and the matched weight. */
export function termOverlap(
  text: string,
  terms: QueryTerm[],
): { coverage: number; weight: number; specific: boolean } {
  if (terms.length === 0) return { coverage: 0, weight: 0, specific: false };
  const docStems = new Set(words(text).map(stem));
  let weight = 0;
  let total = 0;
  let specific = false;
  for (const term of terms) {
    total += term.weight;
    for (const d of docStems) {
      if (matchesTerm(d, term)) {
        weight += term.weight;
        if (term.weight === 1) specific = true;
        break;
      }
    }
  }
  return { coverage: total === 0 ? 0 : weight / total, weight, specific };
}

/** A sentence of a passage; headings (short lines without closing punctuation) are marked. */
export interface Sentence {
  text: string;
  heading: boolean;
  /** Counts the headings seen before it: sentences under the same heading share it. */
  section: number;
}

const BULLET =
  /^[\s\u2022\u25a1\u2610\u2611\u2612\-*–•·]+|^\s*\d{1,2}[.)]\s+|^\s*\[\s?[xX]?\s?\]\s*/;

/** A running header or footer of a printed page: "Company - Project - Title - Rev 4", "page 2 of 3". */
const RUNNING_LINE =
  /\bpage \d+ of \d+\b|\buncontrolled (copy|when printed)\b|^[^.!?]*( - [^.!?]*){2,}$/i;

/**
 * Sentences of a passage, as a listener would hear them: checklist lines and bullet points
 * are sentences of their own, bullets, numbers and check boxes are dropped, whitespace is
 * tidied. Wrapped lines are joined back by layout: a line that starts in lowercase, or that
 * follows a line as wide as the text block without closing punctuation, continues the line
 * before it (a PDF wraps "…by the" / "Occupational Health Nurse…" wherever the width ends). A
 * lead-in ending in a colon keeps its list ("…checks: tyres; hoses; the seat belt."). Running
 * headers and footers ("page 2 of 3") are dropped.
 */
export function passageSentences(text: string): Sentence[] {
  const raw = text.split(/\n+/).filter((l) => l.trim() && !RUNNING_LINE.test(l.trim()));
  const width = Math.max(0, ...raw.map((l) => l.trim().length));
  const lines: { text: string; bulleted: boolean }[] = [];
  let previousWrapped = false;
  for (const line of raw) {
    const last = lines[lines.length - 1];
    const bulleted = BULLET.test(line);
    if (last && !bulleted && (/^\s*[a-z]/.test(line) || previousWrapped)) {
      last.text += ` ${line.trim()}`;
    } else {
      lines.push({ text: line, bulleted });
    }
    const t = line.trim();
    previousWrapped = width >= 60 && t.length >= width * 0.8 && !/[.!?:;]["')]?$/.test(t);
  }
  const joined: { text: string; bulleted: boolean }[] = [];
  for (const line of lines) {
    const last = joined[joined.length - 1];
    if (last && line.bulleted && /:\s*$|;\s*$/.test(last.text) && /:/.test(last.text)) {
      last.text = `${last.text.trimEnd()} ${line.text.replace(BULLET, '').trim()}`;
      continue;
    }
    joined.push({ ...line });
  }
  const out: Sentence[] = [];
  let section = 0;
  for (const { text: rawLine, bulleted } of joined) {
    const line = rawLine.replace(BULLET, '').replace(/\s+/g, ' ').trim();
    if (!line) continue;
    const heading = !bulleted && !/[.!?:;,]["')]?$/.test(line) && line.split(' ').length <= 8;
    if (heading) {
      section += 1;
      out.push({ text: line, heading: true, section });
      continue;
    }
    for (const part of line.split(/(?<=[.!?])\s+(?=[A-Z0-9"'(])/)) {
      const t = part.trim();
      if (t) out.push({ text: t, heading: false, section });
    }
  }
  return out;
}

export function sentences(text: string): string[] {
  return passageSentences(text).map((s) => s.text);
}

/** Ends a sentence with a full stop if it has no closing punctuation (headings, list items). */
export function asSpokenSentence(s: string): string {
  const t = s.trim().replace(/[:;,]$/, '');
  return /[.!?]["')]?$/.test(t) ? t : `${t}.`;
}

// ---------------------------------------------------------------------------------------------
// Small talk

export type SmallTalkKind = 'greeting' | 'thanks' | 'identity' | 'goodbye' | 'wellbeing';

const SMALL_TALK: [SmallTalkKind, RegExp][] = [
  [
    'identity',
    /\b(who are you|what are you|what('?s| is) your name|what can you do|what do you do|are you (a )?(robot|bot|human|real|ai)|how (can|do) you help)\b/,
  ],
  ['wellbeing', /\b(how are you( doing)?|how('?s| is) it going|how are things)\b/],
  [
    'thanks',
    /\b(thanks?( you)?( very much| so much| a lot)?|thank you|cheers|much appreciated|ta)\b/,
  ],
  ['goodbye', /\b(good ?bye|bye|see (you|ya)( later)?|that('?s| is) all|talk (to you )?later)\b/],
  ['greeting', /\b(hi|hello|hey|howdy|hiya|good (morning|afternoon|evening|day)|g'?day|yo)\b/],
];

const SMALL_TALK_FILLER = new Set(
  'there advisor field fieldcraft mate buddy again ok okay oh great cool nice good awesome perfect so much very lot all for the help that it is was you your me doing today how are what who can do name'.split(
    ' ',
  ),
);

/**
 * Small talk: a greeting, thanks, "who are you", goodbye — and nothing else of substance. "Hi,
 * how deep can a trench be?" is a question, not small talk.
 */
export function classifySmallTalk(question: string, agentName = ''): SmallTalkKind | null {
  const text = question
    .toLowerCase()
    .replace(/[^a-z' ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!text) return null;
  const kinds = SMALL_TALK.filter(([, re]) => re.test(text)).map(([k]) => k);
  if (kinds.length === 0) return null;
  let rest = text;
  for (const [, re] of SMALL_TALK) rest = rest.replace(new RegExp(re.source, 'g'), ' ');
  const agentWords = new Set(words(agentName));
  const leftover = words(rest).filter(
    (w) => !SMALL_TALK_FILLER.has(w) && !agentWords.has(w) && !STOPWORDS.has(w),
  );
  if (leftover.length > 0) return null;
  return kinds[0] ?? null;
}

// ---------------------------------------------------------------------------------------------
// Safety-critical topics: an answer always carries a source or a referral.

export type SafetyTopic =
  | 'work at height'
  | 'confined spaces'
  | 'live electrical work'
  | 'excavation and trenching'
  | 'asbestos'
  | 'lifting and rigging';

const SAFETY_TOPICS: [SafetyTopic, RegExp][] = [
  [
    'work at height',
    /\b(heights?|high up|falls?|falling|fall (protection|arrest)|harness(es)?|lanyards?|anchor( points?)?s?|ladders?|step ?ladders?|scaffold(s|ing)?|roofs?|roofing|leading edges?|guard ?rails?|mewps?|scissor lifts?|boom lifts?|cherry pickers?|aerial lifts?|elevated)\b/,
  ],
  [
    'confined spaces',
    /\b(confined spaces?|manholes?|tanks?|vaults?|sewers?|silos?|crawl ?spaces?|permit[- ]required|gas (test|monitor)s?|oxygen levels?)\b/,
  ],
  [
    'live electrical work',
    /\b(electric(al|ity)?|live (wires?|circuits?|lines?|work)|energi[sz]ed|electrocut\w*|shocks?|lock ?out|tag ?out|loto|arc flash|power lines?|overhead (lines?|cables?|wires?)|voltage|circuit breakers?|wiring|circuits?)\b/,
  ],
  [
    'excavation and trenching',
    /\b(excavat\w*|trench(es|ing)?|dig(ging)?|shoring|trench box(es)?|cave[- ]?ins?|sloping|benching|underground (utilities|services|cables?|pipes?))\b/,
  ],
  ['asbestos', /\b(asbestos|acm|friable|mesothelioma|lagging)\b/],
  [
    'lifting and rigging',
    /\b(cranes?|rigging|riggers?|slings?|hoists?|hoisting|lifts?|lifting|lift plans?|load charts?|shackles?|tag ?lines?|outriggers?|suspended loads?|signal ?(man|person)|banksman|forklifts?)\b/,
  ],
];

/** The safety-critical topic a question touches, if any. */
export function safetyTopic(question: string): SafetyTopic | null {
  const text = question.toLowerCase();
  for (const [topic, re] of SAFETY_TOPICS) if (re.test(text)) return topic;
  return null;
}
