// Sentence-level ranking hints for the advisor's quoted answers: what kind of answer a question
// asks for, which machine it is about, and which sentences are a document's intro rather than
// its rules. Pure functions, no I/O.

/** The kind of answer a question asks for; sentences carrying that kind are preferred. */
export type QuestionType = 'number' | 'who' | 'where' | 'yesno' | null;

export function questionType(question: string): QuestionType {
  const q = question.trim().toLowerCase();
  if (
    /^(how (many|much|far|long|often|high|deep|heavy|close|windy|steep|big|wide|tall|soon|fast|old)|what (time|size|angle|height|distance|speed|number)|when\b|what's the (number|phone|speed))/.test(
      q,
    ) ||
    /\b(limit|how (far|long|often|close|high|deep|steep))\b/.test(q)
  ) {
    return 'number';
  }
  if (/^(who|whom|who's)\b/.test(q)) return 'who';
  if (/^(where|where's)\b/.test(q)) return 'where';
  if (/^(can|do|does|is|are|should|must|may|will|am)\b/.test(q)) return 'yesno';
  return null;
}

/** How much a sentence's kind fits the question's: added to its word overlap. */
export function typeBonus(type: QuestionType, sentence: string, question = ''): number {
  switch (type) {
    case 'number':
      return /\d|\b(one|two|three|four|five|six|seven|eight|nine|ten|twelve|every (day|week|month|shift))\b/i.test(
        sentence,
      )
        ? 0.75
        : 0;
    case 'who': {
      // A name or a role in capitals mid-sentence ("… is Priya Shah", "… from the Site
      // Engineer") that the question did not already name ("Who is the site manager?").
      const asked = new Set(question.toLowerCase().match(/[a-z]+/g) ?? []);
      const names = sentence.match(/(?<=\s)[A-Z][a-z]+ [A-Z][a-z]+/g) ?? [];
      return names.some((n) => n.split(' ').some((w) => !asked.has(w.toLowerCase()))) ? 1.25 : 0;
    }
    case 'where':
      return /\b(in|at|inside|outside|behind|next to|by|near|beside) the\b/i.test(sentence)
        ? 0.5
        : 0;
    default:
      return 0;
  }
}

const MACHINES: [string, RegExp][] = [
  ['tower crane', /\btower cranes?\b/i],
  ['mobile crane', /\bmobile cranes?\b/i],
  ['telehandler', /\btelehandlers?\b/i],
  ['excavator', /\b(excavators?|diggers?|jcbs?)\b/i],
  ['dumper', /\bdumpers?\b/i],
  ['forklift', /\bfork ?lifts?\b/i],
  ['mewp', /\b(mewps?|scissor lifts?|boom lifts?|cherry pickers?)\b/i],
];

/** The machines a text names ("tower crane", "telehandler", "excavator"…). */
export function machines(text: string): Set<string> {
  return new Set(MACHINES.filter(([, re]) => re.test(text)).map(([name]) => name));
}

/**
 * A rule for one machine does not answer a question about another: a telehandler's wind limit
 * is not the tower crane's. 1 when the sentence is about the asked machine or none; less when it
 * names only other machines.
 */
export function machineFactor(asked: Set<string>, sentence: string, heading = ''): number {
  if (asked.size === 0) return 1;
  const named = machines(`${heading} ${sentence}`);
  if (named.size === 0) return 1;
  for (const m of named) if (asked.has(m)) return 1;
  return 0.3;
}

/** Document intros and headers: who must read it, what it is for — not an answer. */
const INTRO =
  /^(read and signed|signed by|toolbox talk (for|on)|this (document|method statement|procedure|policy|talk) (sets out|is issued|applies|covers)|issued by|delivered by|it applies to)/i;

export function introFactor(sentence: string): number {
  return INTRO.test(sentence.trim()) ? 0.3 : 1;
}

/**
 * A sentence that only qualifies the one before it ("Where it cannot be tied, a second person
 * foots it.") is quoted with it.
 */
export function qualifiesPrevious(sentence: string): boolean {
  return /^(where|if|unless|otherwise|when) (it|this|that|they|not)\b|^otherwise\b/i.test(
    sentence.trim(),
  );
}
