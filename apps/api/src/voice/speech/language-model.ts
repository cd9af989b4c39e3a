// Over 300 lines: counting, discounting, interpolation and the ARPA writer are one algorithm;
// its maths is tested in language-model.test.ts.
import { readFile } from 'node:fs/promises';

// The library-built recognition language model: a trigram model of the content library's own
// text (absolute discounting, interpolated), mixed with a general-English background taken
// from pocketsphinx's stock en-us model, and written as a backoff ARPA file the worker loads.
//
// P(w | h) = λ·P_domain(w | h) + (1 − λ)·P_stock(w | h) at every n-gram the library's text
// contains; anything else backs off (weights computed so each history's distribution sums to
// one) to the mixed unigram over the vocabulary: the library's words plus the stock model's
// most frequent words. Only words in the pronouncing dictionary are used; a sentence is split
// at any other word.

/** Asks the stock model for log10 P(ngram[0] | ngram[2] ngram[1]) (history most recent first). */
export type StockLogProbs = (ngrams: string[][]) => Promise<number[]>;

export interface LanguageModelOptions {
  /**
   * Weight of the library's own model against the stock background (0..1). Default 0.85: on
   * the hearing benchmark's tune half 0.5 → 0.7 → 0.85 took clean WER 33.9 → 31.3 → 29.6 %
   * (0.95 no better).
   */
  domainWeight?: number;
  /** How many of the stock model's most frequent words join the vocabulary. Default 10000. */
  backgroundWords?: number;
  /** Cap on explicit trigrams (the rarest go first). Default 150000. */
  maxTrigrams?: number;
}

export interface BuiltLanguageModel {
  arpa: string;
  vocabulary: number;
  bigrams: number;
  trigrams: number;
  /** Words of the library's text (after splitting) that made it into the model. */
  domainWords: number;
}

const DISCOUNT = 0.7;
const BOS = '<s>';
const EOS = '</s>';

let dictionaryCache: { path: string; words: Promise<Set<string>> } | undefined;

/** The words (lower case, alternates like "read(2)" folded) of a CMU-format dictionary. */
export function loadDictionaryWords(dictPath: string): Promise<Set<string>> {
  if (dictionaryCache?.path === dictPath) return dictionaryCache.words;
  const words = readFile(dictPath, 'utf8').then((text) => {
    const set = new Set<string>();
    for (const line of text.split('\n')) {
      const space = line.indexOf(' ');
      if (space <= 0) continue;
      const word = line.slice(0, space).replace(/\(\d+\)$/, '');
      set.add(word.toLowerCase());
    }
    return set;
  });
  dictionaryCache = { path: dictPath, words };
  words.catch(() => (dictionaryCache = undefined));
  return words;
}

const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

/** 0…9999 as spoken words ("1200" → "one thousand two hundred"); larger numbers → null. */
export function numberToWords(n: number): string | null {
  if (!Number.isInteger(n) || n < 0 || n > 9999) return null;
  if (n < 20) return ONES[n] as string;
  if (n < 100) return `${TENS[Math.floor(n / 10)]}${n % 10 ? ` ${ONES[n % 10]}` : ''}`;
  if (n < 1000) {
    const rest = n % 100;
    return `${ONES[Math.floor(n / 100)]} hundred${rest ? ` ${numberToWords(rest)}` : ''}`;
  }
  const rest = n % 1000;
  return `${ONES[Math.floor(n / 1000)]} thousand${rest ? ` ${numberToWords(rest)}` : ''}`;
}

/**
 * Text → runs of dictionary words, lower case: sentences split at punctuation and line breaks,
 * and again at any word the dictionary lacks. Small numbers are spelled out.
 */
export function tokenize(text: string, dictionary: Set<string>): string[][] {
  const runs: string[][] = [];
  const normalised = text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/\b(\d{1,4})\b/g, (m) => numberToWords(Number(m)) ?? ' . ');
  for (const sentence of normalised.split(/[.!?;:\n\r()[\]{}"]+/)) {
    let run: string[] = [];
    for (const token of sentence.match(/[a-z0-9]+(?:['-][a-z0-9]+)*/g) ?? []) {
      const parts = dictionary.has(token) ? [token] : token.split('-');
      for (const word of parts) {
        if (dictionary.has(word)) {
          run.push(word);
        } else {
          if (run.length > 0) runs.push(run);
          run = [];
        }
      }
    }
    if (run.length > 0) runs.push(run);
  }
  return runs;
}

const key = (...words: string[]) => words.join(' ');

function increment(map: Map<string, number>, k: string): void {
  map.set(k, (map.get(k) ?? 0) + 1);
}

/** Discounted mass and the sum/types of one history's followers. */
interface History {
  total: number;
  types: number;
}

function histories(counts: Map<string, number>): Map<string, History> {
  const out = new Map<string, History>();
  for (const [ngram, c] of counts) {
    const h = ngram.slice(0, ngram.lastIndexOf(' '));
    const entry = out.get(h) ?? { total: 0, types: 0 };
    entry.total += c;
    entry.types += 1;
    out.set(h, entry);
  }
  return out;
}

const log10 = (p: number) => (p > 0 ? Math.log10(p) : -99);
const fmt = (x: number) => (x <= -99 ? '-99' : x.toFixed(4));

/** Builds the mixed ARPA model from texts. Throws when the texts hold no usable words. */
export async function buildLanguageModel(
  texts: Iterable<string>,
  dictionary: Set<string>,
  stockLogProbs: StockLogProbs,
  options: LanguageModelOptions = {},
): Promise<BuiltLanguageModel> {
  const lambda = options.domainWeight ?? 0.85;
  const backgroundWords = options.backgroundWords ?? 10000;
  const maxTrigrams = options.maxTrigrams ?? 150000;

  // ---- domain counts ----------------------------------------------------------------------
  const c1 = new Map<string, number>();
  const c2 = new Map<string, number>();
  let c3 = new Map<string, number>();
  let domainWords = 0;
  for (const text of texts) {
    for (const run of tokenize(text, dictionary)) {
      const words = [BOS, ...run, EOS];
      domainWords += run.length;
      for (let i = 1; i < words.length; i++) {
        increment(c1, words[i] as string);
        increment(c2, key(words[i - 1] as string, words[i] as string));
        if (i >= 2)
          increment(c3, key(words[i - 2] as string, words[i - 1] as string, words[i] as string));
      }
    }
  }
  if (domainWords === 0) throw new Error('The content library has no text with dictionary words');
  if (c3.size > maxTrigrams) {
    const kept = [...c3].sort((a, b) => b[1] - a[1]).slice(0, maxTrigrams);
    c3 = new Map(kept);
  }

  // ---- vocabulary: the library's words + the stock model's most frequent words ---------------
  const dictWords = [...dictionary].filter((w) => /^[a-z]/.test(w));
  const dictLogProbs = await stockLogProbs(dictWords.map((w) => [w]));
  const ranked = dictWords
    .map((w, i) => [w, dictLogProbs[i] as number] as const)
    .filter(([, lp]) => lp > -90)
    .sort((a, b) => b[1] - a[1]);
  const vocab = new Set<string>(ranked.slice(0, backgroundWords).map(([w]) => w));
  for (const w of c1.keys()) if (w !== EOS) vocab.add(w);
  const stockUnigram = new Map(ranked.map(([w, lp]) => [w, 10 ** lp]));
  const [eosLogProb] = await stockLogProbs([[EOS]]);
  stockUnigram.set(EOS, 10 ** (eosLogProb ?? -1.5));

  // ---- stock conditionals at the library's n-grams -------------------------------------------
  const bigramKeys = [...c2.keys()];
  const trigramKeys = [...c3.keys()];
  const split = (k: string) => k.split(' ');
  const stock2 = await stockLogProbs(bigramKeys.map((k) => split(k).reverse()));
  const stock3 = await stockLogProbs(trigramKeys.map((k) => split(k).reverse()));

  // ---- domain model: interpolated absolute discounting ---------------------------------------
  let n1 = 0;
  for (const c of c1.values()) n1 += c;
  const h2 = histories(c2);
  const h3 = histories(c3);
  const pd1 = (w: string) => (c1.get(w) ?? 0) / n1;
  const pd2 = (v: string, w: string) => {
    const h = h2.get(v);
    if (!h) return pd1(w);
    const c = c2.get(key(v, w)) ?? 0;
    return Math.max(c - DISCOUNT, 0) / h.total + ((DISCOUNT * h.types) / h.total) * pd1(w);
  };
  const pd3 = (u: string, v: string, w: string) => {
    const h = h3.get(key(u, v));
    if (!h) return pd2(v, w);
    const c = c3.get(key(u, v, w)) ?? 0;
    return Math.max(c - DISCOUNT, 0) / h.total + ((DISCOUNT * h.types) / h.total) * pd2(v, w);
  };

  // ---- the mixture ---------------------------------------------------------------------------
  const words = [...vocab, EOS];
  let stockMass = 0;
  for (const w of words) stockMass += stockUnigram.get(w) ?? 1e-7;
  const uni = new Map<string, number>();
  for (const w of words) {
    uni.set(w, lambda * pd1(w) + (1 - lambda) * ((stockUnigram.get(w) ?? 1e-7) / stockMass));
  }

  const bi = new Map<string, number>();
  bigramKeys.forEach((k, i) => {
    const [v, w] = split(k) as [string, string];
    const stock = Math.min(1, 10 ** (stock2[i] as number));
    bi.set(k, lambda * pd2(v, w) + (1 - lambda) * stock);
  });
  // Backoff weights of the bigram histories: leftover mass over the unigram mass not covered.
  const bow1 = new Map<string, number>();
  const covered = new Map<string, { p: number; q: number }>();
  for (const [k, p] of bi) {
    const [v, w] = split(k) as [string, string];
    const entry = covered.get(v) ?? { p: 0, q: 0 };
    entry.p += p;
    entry.q += uni.get(w) ?? 0;
    covered.set(v, entry);
  }
  for (const [v, { p, q }] of covered) {
    // Keep a little mass for the rest of the vocabulary even after a dominant history.
    const scale = p > 0.98 ? 0.98 / p : 1;
    if (scale < 1) for (const [k, pk] of bi) if (k.startsWith(`${v} `)) bi.set(k, pk * scale);
    bow1.set(v, Math.max(1e-9, 1 - p * scale) / Math.max(1e-9, 1 - q));
  }
  const p2 = (v: string, w: string) => bi.get(key(v, w)) ?? (bow1.get(v) ?? 1) * (uni.get(w) ?? 0);

  const tri = new Map<string, number>();
  trigramKeys.forEach((k, i) => {
    const [u, v, w] = split(k) as [string, string, string];
    const stock = Math.min(1, 10 ** (stock3[i] as number));
    tri.set(k, lambda * pd3(u, v, w) + (1 - lambda) * stock);
  });
  const bow2 = new Map<string, number>();
  const covered3 = new Map<string, { p: number; q: number }>();
  for (const [k, p] of tri) {
    const [u, v, w] = split(k) as [string, string, string];
    const h = key(u, v);
    const entry = covered3.get(h) ?? { p: 0, q: 0 };
    entry.p += p;
    entry.q += p2(v, w);
    covered3.set(h, entry);
  }
  for (const [h, { p, q }] of covered3) {
    const scale = p > 0.98 ? 0.98 / p : 1;
    if (scale < 1) for (const [k, pk] of tri) if (k.startsWith(`${h} `)) tri.set(k, pk * scale);
    bow2.set(h, Math.max(1e-9, 1 - p * scale) / Math.max(1e-9, 1 - Math.min(q, 0.999999)));
  }

  // ---- ARPA ----------------------------------------------------------------------------------
  const lines: string[] = [];
  const unigramLines: string[] = [`-99\t${BOS}\t${fmt(log10(bow1.get(BOS) ?? 1))}`];
  for (const w of words) {
    const bow = bow1.get(w);
    unigramLines.push(
      `${fmt(log10(uni.get(w) as number))}\t${w}${bow === undefined ? '' : `\t${fmt(log10(bow))}`}`,
    );
  }
  const bigramLines: string[] = [];
  for (const [k, p] of bi) {
    const bow = bow2.get(k);
    bigramLines.push(`${fmt(log10(p))}\t${k}${bow === undefined ? '' : `\t${fmt(log10(bow))}`}`);
  }
  const trigramLines: string[] = [];
  for (const [k, p] of tri) trigramLines.push(`${fmt(log10(p))}\t${k}`);

  lines.push(
    '\\data\\',
    `ngram 1=${unigramLines.length}`,
    `ngram 2=${bigramLines.length}`,
    `ngram 3=${trigramLines.length}`,
    '',
    '\\1-grams:',
    ...unigramLines,
    '',
    '\\2-grams:',
    ...bigramLines,
    '',
    '\\3-grams:',
    ...trigramLines,
    '',
    '\\end\\',
    '',
  );
  return {
    arpa: lines.join('\n'),
    vocabulary: words.length + 1,
    bigrams: bigramLines.length,
    trigrams: trigramLines.length,
    domainWords,
  };
}
