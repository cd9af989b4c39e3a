import { describe, expect, it } from 'vitest';
import { buildLanguageModel, numberToWords, type StockLogProbs, tokenize } from './language-model';

// The maths of the library language model, on a small made-up dictionary and a fake stock
// model: the ARPA file is read back with the standard backoff rule and every history's
// distribution must sum to one; the n-grams and unigram probabilities must match the text.

const DICTIONARY = new Set(
  (
    'the a an of to and in on for with is are be was it this that at by from as or not ' +
    'clip your lanyard anchorage point before climbing scaffold check harness inspect ' +
    'always never work height above two metres wear helmet ladder tie off secure ' +
    'boots gloves site safety manager report hazard every day one three'
  ).split(' '),
);
const WORDS = [...DICTIONARY];

// A stock model that behaves like one: Zipf-ish unigrams, and a conditional for any n-gram.
const stock: StockLogProbs = async (ngrams) =>
  ngrams.map((ngram) => {
    const [w, ...history] = ngram as [string, ...string[]];
    if (w === '</s>') return Math.log10(0.05);
    const rank = WORDS.indexOf(w);
    if (rank < 0) return -99;
    const unigram = 1 / ((rank + 2) * 4.4);
    return Math.log10(history.length === 0 ? unigram : Math.min(1, unigram * 3));
  });

const TEXTS = [
  'Clip your lanyard to the anchorage point before climbing the scaffold.',
  'Always check the harness. Inspect the lanyard every day!',
  'Never work at height above two metres without a harness; wear a helmet.',
  'Tie off the ladder. Secure the ladder at the top. Report a hazard to the site safety manager.',
  'Clip your lanyard to the anchorage point, always.',
];

type Arpa = { probs: Map<string, number>; bows: Map<string, number>; counts: number[] };

function parseArpa(text: string): Arpa {
  const probs = new Map<string, number>();
  const bows = new Map<string, number>();
  const counts: number[] = [];
  let order = 0;
  for (const line of text.split('\n')) {
    const header = /^ngram (\d)=(\d+)$/.exec(line);
    if (header) counts[Number(header[1])] = Number(header[2]);
    const section = /^\\(\d)-grams:$/.exec(line);
    if (section) order = Number(section[1]);
    else if (line.startsWith('\\')) order = 0;
    if (order === 0 || line === '' || section) continue;
    const fields = line.split('\t');
    const ngram = fields[1] as string;
    expect(ngram.split(' ')).toHaveLength(order);
    probs.set(ngram, Number(fields[0]));
    if (fields[2] !== undefined) bows.set(ngram, Number(fields[2]));
  }
  return { probs, bows, counts };
}

/** The ARPA backoff rule: log10 P(w | history), history most distant first. */
function logProb(arpa: Arpa, history: string[], w: string): number {
  const explicit = arpa.probs.get([...history, w].join(' '));
  if (explicit !== undefined) return explicit;
  if (history.length === 0) return -99;
  const bow = arpa.bows.get(history.join(' ')) ?? 0;
  return bow + logProb(arpa, history.slice(1), w);
}

/** The words of the text as the model sees them: sentences wrapped in <s> … </s>. */
function sentences(texts: string[]): string[][] {
  return texts.flatMap((t) => tokenize(t, DICTIONARY)).map((run) => ['<s>', ...run, '</s>']);
}

function ngramsOf(texts: string[], n: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (const s of sentences(texts)) {
    for (let i = n === 1 ? 1 : n - 1; i < s.length; i++) {
      const k = s.slice(i - n + 1, i + 1).join(' ');
      counts.set(k, (counts.get(k) ?? 0) + 1);
    }
  }
  return counts;
}

describe('buildLanguageModel', () => {
  it('every history’s probabilities sum to one (10^log-prob with backoff)', async () => {
    const model = await buildLanguageModel(TEXTS, DICTIONARY, stock, { backgroundWords: 40 });
    const arpa = parseArpa(model.arpa);
    const vocabulary = [...arpa.probs.keys()].filter((k) => !k.includes(' ') && k !== '<s>');
    const sum = (history: string[]) =>
      vocabulary.reduce((s, w) => s + 10 ** logProb(arpa, history, w), 0);

    expect(sum([])).toBeCloseTo(1, 3);
    const histories = [...arpa.probs.keys()]
      .filter((k) => k.split(' ').length <= 2)
      .map((k) => k.split(' '));
    // Every unigram (as a bigram history) and every bigram (as a trigram history).
    expect(histories.length).toBeGreaterThan(50);
    for (const history of histories) {
      const total = sum(history);
      if (Math.abs(total - 1) > 2e-3)
        throw new Error(`P(· | ${history.join(' ')}) sums to ${total}`);
    }
  });

  it('holds the text’s n-grams exactly, with matching header counts', async () => {
    const model = await buildLanguageModel(TEXTS, DICTIONARY, stock, { backgroundWords: 40 });
    const arpa = parseArpa(model.arpa);
    const explicit = (n: number) =>
      [...arpa.probs.keys()].filter((k) => k.split(' ').length === n).sort();
    expect(explicit(2)).toEqual([...ngramsOf(TEXTS, 2).keys()].sort());
    expect(explicit(3)).toEqual([...ngramsOf(TEXTS, 3).keys()].sort());
    expect(arpa.counts.slice(1)).toEqual([1, 2, 3].map((n) => explicit(n).length));
    expect(model.bigrams).toBe(explicit(2).length);
    expect(model.trigrams).toBe(explicit(3).length);
    const runs = TEXTS.flatMap((t) => tokenize(t, DICTIONARY));
    expect(model.domainWords).toBe(runs.reduce((n, r) => n + r.length, 0));
    // Every word of the text is in the vocabulary, plus the background words.
    for (const w of ngramsOf(TEXTS, 1).keys()) expect(arpa.probs.has(w)).toBe(true);
    expect(model.vocabulary).toBe(explicit(1).length);
  });

  it('with the library alone, unigrams are the text’s relative counts', async () => {
    const model = await buildLanguageModel(TEXTS, DICTIONARY, stock, {
      backgroundWords: 40,
      domainWeight: 1,
    });
    const arpa = parseArpa(model.arpa);
    const counts = ngramsOf(TEXTS, 1);
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    for (const [w, c] of counts)
      expect(10 ** (arpa.probs.get(w) as number)).toBeCloseTo(c / total, 4);
    // A background word the text never uses gets nothing from the library.
    expect(arpa.probs.get('of')).toBeLessThan(-90);
    // Absolute discounting (D = 0.7) at a bigram the text holds twice: "the ladder".
    const the = ngramsOf(TEXTS, 2);
    const afterThe = [...the].filter(([k]) => k.startsWith('the '));
    const cThe = afterThe.reduce((n, [, c]) => n + c, 0);
    const expected =
      (2 - 0.7) / cThe +
      ((0.7 * afterThe.length) / cThe) * ((counts.get('ladder') as number) / total);
    expect(the.get('the ladder')).toBe(2);
    expect(10 ** (arpa.probs.get('the ladder') as number)).toBeCloseTo(expected, 4);
  });

  it('refuses texts without dictionary words', async () => {
    await expect(buildLanguageModel(['zzz qqq'], DICTIONARY, stock)).rejects.toThrow(
      'no text with dictionary words',
    );
  });

  it('caps trigrams, keeping the most frequent', async () => {
    const model = await buildLanguageModel(TEXTS, DICTIONARY, stock, { maxTrigrams: 5 });
    const arpa = parseArpa(model.arpa);
    const trigrams = [...arpa.probs.keys()].filter((k) => k.split(' ').length === 3);
    expect(trigrams).toHaveLength(5);
    expect(trigrams).toContain('clip your lanyard');
  });
});

describe('tokenize', () => {
  it('splits at punctuation and unknown words, spells out small numbers', () => {
    expect(tokenize('Check the harness, then ZZZ the 2 lanyards. Clip 12345!', DICTIONARY)).toEqual(
      [['check', 'the', 'harness'], ['the', 'two'], ['clip']],
    );
    expect(numberToWords(1200)).toBe('one thousand two hundred');
    expect(numberToWords(10000)).toBeNull();
  });
});
