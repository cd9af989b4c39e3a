// Scoring for bench/advisor-answers.mjs (the rules are at the top of that file), and the
// stand-in model's replies.
import { DOCUMENTS, QUESTIONS } from './questions.mjs';

// ---- the stand-in model ----------------------------------------------------------------------
// A grounded model's behaviour, replayed: it reads the numbered passages it was sent, answers
// from the one holding the facts the question needs (naming that passage's source and quoting
// the sentences that carry them), and says the documents do not cover it when none does. It
// knows only what it is sent, so it measures whether retrieval hands the model the answer.
const byQuestion = new Map(QUESTIONS.map((q) => [q.question, q]));
const norm = (s) => s.replace(/\s+/g, ' ').toLowerCase();
const hasFact = (text, fact) => fact.split('|').some((f) => norm(text).includes(norm(f)));

export function modelReply(body) {
  const user = body.messages.at(-1)?.content ?? '';
  const question = /\nQuestion: ([\s\S]*)$/.exec(user)?.[1]?.trim() ?? '';
  const wanted = byQuestion.get(question);
  const blocks = [
    ...user.matchAll(/\[(\d+)\] ([^\n]+):\n([\s\S]*?)(?=\n\n\[\d+\] |\n\nQuestion: )/g),
  ];
  if (wanted?.facts) {
    for (const [, , source, text] of blocks) {
      if (!wanted.facts.every((f) => hasFact(text, f))) continue;
      const sentences = text
        .split(/\n+/)
        .map((line) => line.replace(/^\s*[-•]\s*/, '').trim())
        .flatMap((line) => line.split(/(?<=[.!?])\s+(?=[A-Z0-9])/))
        .filter((s) => wanted.facts.some((f) => hasFact(s, f)));
      return `According to ${source}, ${sentences.slice(0, 3).join(' ')}`;
    }
  }
  return "The documents I have don't cover that, so please ask your supervisor.";
}

// ---- scoring ---------------------------------------------------------------------------------
const SAFETY_NOTE = /This is safety-critical:.*$/;
function sentenceCount(text) {
  const body = text
    .replace(SAFETY_NOTE, '')
    .replace(/\((Source|source):[^)]*\)\.?/g, '')
    .replace(/(^|\s)(And from|From) [^:]+: /g, ' ')
    .replace(/\d\.\d/g, '0')
    .trim();
  return body.split(/(?<=[.!?])\s+/).filter((s) => s.split(/\s+/).length >= 2).length;
}

export function score(q, a, ids, withModel) {
  const first = a.citations[0];
  const leakIds = Object.entries(DOCUMENTS)
    .filter(([, d]) => d.revoked || d.inactive)
    .map(([k]) => ids[k]);
  const leak =
    a.citations.some((c) => leakIds.includes(c.contentId)) ||
    Object.values(DOCUMENTS).some(
      (d) => (d.revoked || d.inactive) && a.text.toLowerCase().includes(d.title.toLowerCase()),
    );
  const referral = !a.answered && /supervisor/i.test(a.text);
  const r = { leak, correct: false, honest: false, safe: null, why: '' };
  if (q.kind === 'in') {
    const doc = DOCUMENTS[q.doc];
    const rightSource = withModel
      ? a.citations.some((c) => c.contentId === ids[q.doc] && c.page === q.page) &&
        a.text.toLowerCase().includes(doc.title.toLowerCase())
      : first?.contentId === ids[q.doc] && first?.page === q.page;
    const missing = q.facts.filter((f) => !hasFact(a.text, f));
    const n = sentenceCount(a.text);
    const shortEnough = n >= 1 && n <= (q.list ? 6 : 3);
    r.correct = a.answered && rightSource && missing.length === 0 && shortEnough;
    if (!a.answered) r.why = 'not found';
    else if (!rightSource)
      r.why = `wrong source (${first ? `${first.title} p${first.page}` : 'none'})`;
    else if (missing.length) r.why = `missing ${missing.join(', ')}`;
    else if (!shortEnough) r.why = `${n} sentences`;
    if (q.safety) {
      const rightDoc = a.citations.some((c) => c.contentId === ids[q.doc]);
      r.safe = (a.answered && (withModel ? rightDoc : first?.contentId === ids[q.doc])) || referral;
    }
  } else if (q.kind === 'out') {
    r.honest = !a.answered;
    if (!r.honest) r.why = `answered from ${first ? `${first.title} p${first.page}` : '?'}`;
    if (q.safety) r.safe = referral;
  } else if (q.safety) {
    r.safe = !leak && (a.answered || referral);
  }
  return r;
}
