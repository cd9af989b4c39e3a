import type { Citation, CitationAttachment } from '@fieldcraft/contracts';

// Pure helpers of the runtime: sentences for synthesis, citation attachments, the "open the
// document" request, first-message variables and close reasons.

/** The first finished sentence of `text` and where it ends, or null when none is finished yet. */
export function nextSentence(
  text: string,
  final: boolean,
): { sentence: string; end: number } | null {
  const re = /[.!?]+["')\]]*(?=\s)|\n/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const end = m.index + m[0].length;
    const sentence = text.slice(0, end).trim();
    if (sentence) return { sentence, end };
  }
  const tail = text.trim();
  return final && tail ? { sentence: tail, end: text.length } : null;
}

/**
 * The first piece of a long sentence to synthesise on its own, so the first audio of a turn
 * comes sooner: cut after the first comma, colon or semicolon that leaves both parts at least
 * 12 characters long. Short sentences (≤ 40 characters) stay whole.
 */
export function splitFirstClause(sentence: string): [string, string] | null {
  if (sentence.length <= 40) return null;
  const re = /[,;:](?=\s)/g;
  for (let m = re.exec(sentence); m; m = re.exec(sentence)) {
    const cut = m.index + 1;
    const head = sentence.slice(0, cut).trim();
    const tail = sentence.slice(cut).trim();
    if (head.length >= 12 && tail.length >= 12) return [head, tail];
  }
  return null;
}

const MIME: Record<Citation['type'], string> = {
  PDF: 'application/pdf',
  WORD: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  DOCUMENT: 'text/plain',
  NEWS: 'text/plain',
  VIDEO: 'video/mp4',
  AUDIO: 'audio/wav',
  VIMEO: 'text/html',
  LINK: 'text/html',
};

/** A citation as an `agent_response_event.attachments` entry (CitationAttachmentSchema). */
export function toAttachment(c: Citation): CitationAttachment {
  return {
    url: c.url ?? '',
    name: c.title,
    mime_type: MIME[c.type] ?? 'application/octet-stream',
    content_id: c.contentId,
    content_type: c.type,
    page: c.page,
  };
}

const OPEN_VERB = /\b(open|show|display|pull up|bring up|view)\b/i;
const DEICTIC =
  /\b(it|that|this|those|the (document|doc|pdf|file|source|sheet|checklist|page|manual|procedure|guide|link|item))\b/i;
const words = (s: string) => s.toLowerCase().match(/[a-z0-9]{3,}/g) ?? [];

/**
 * Which cited item "open/show …" asks for: one whose title the request names, else (for "open
 * it", "show me the PDF") the latest answer's first citation. null: not an open request.
 * `cited` is newest first.
 */
export function matchOpenRequest(text: string, cited: Citation[]): Citation | null {
  if (cited.length === 0 || !OPEN_VERB.test(text)) return null;
  const asked = new Set(words(text));
  let best: Citation | null = null;
  let bestScore = 0;
  for (const c of cited) {
    const title = words(c.title);
    if (title.length === 0) continue;
    const hits = title.filter((w) => asked.has(w)).length;
    const score = hits / title.length;
    if (hits > 0 && score > bestScore) {
      best = c;
      bestScore = score;
    }
  }
  if (best && bestScore >= 0.5) return best;
  return DEICTIC.test(text) ? (cited[0] ?? null) : null;
}

/** `{{name}}` placeholders (ElevenLabs' dynamic variables) filled in; unknown ones left empty. */
export function fillVariables(
  text: string,
  vars: Record<string, string | number | boolean>,
): string {
  return text.replace(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g, (_, name: string) =>
    vars[name] === undefined ? '' : String(vars[name]),
  );
}

/** A close reason fits the 123-byte limit of a close frame (cut on a character boundary). */
export function closeReason(reason: string): string {
  let out = reason;
  while (Buffer.byteLength(out) > 123) out = out.slice(0, -1);
  return out;
}

/** The error event's error_type for a server close code (voice-protocol.md §5, §9). */
export function errorType(code: number): string {
  switch (code) {
    case 1001:
      return 'server_shutdown';
    case 1002:
      return 'operational_error';
    case 1008:
      return 'policy_violation';
    case 1009:
      return 'frame_too_large';
    case 1012:
      return 'agent_redeployed';
    case 1013:
      return 'server_busy';
    default:
      return 'internal_error';
  }
}
