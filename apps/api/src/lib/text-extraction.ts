import { open, readFile } from 'node:fs/promises';

/** One page (PDF) or section (Word, text) of an item's text. `page` is 1-based. */
export interface Passage {
  page: number;
  text: string;
}

const MAX_PASSAGE_CHARS = 4000;

function tidy(text: string): string {
  return text
    .replace(/[ \t\f\v]+/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Splits long text into blocks of whole paragraphs, each at most ~MAX_PASSAGE_CHARS. */
export function blocks(paragraphs: string[]): string[] {
  const out: string[] = [];
  let current = '';
  for (const raw of paragraphs) {
    const p = tidy(raw);
    if (!p) continue;
    if (current && current.length + p.length + 2 > MAX_PASSAGE_CHARS) {
      out.push(current);
      current = '';
    }
    current = current ? `${current}\n\n${p}` : p;
    while (current.length > MAX_PASSAGE_CHARS) {
      out.push(current.slice(0, MAX_PASSAGE_CHARS));
      current = current.slice(MAX_PASSAGE_CHARS);
    }
  }
  if (current) out.push(current);
  return out;
}

const numbered = (texts: string[]): Passage[] => texts.map((text, i) => ({ page: i + 1, text }));

export async function extractPdf(data: Uint8Array): Promise<Passage[]> {
  // Imported lazily: pdf.js is large and only needed when a PDF arrives.
  const { extractText, getDocumentProxy } = await import('unpdf');
  const pdf = await getDocumentProxy(data);
  try {
    const { text } = await extractText(pdf, { mergePages: false });
    return text.map((t, i) => ({ page: i + 1, text: tidy(t) })).filter((p) => p.text.length > 0);
  } finally {
    await pdf.destroy();
  }
}

/** Word (.docx): one section per top-level heading, long sections split by paragraphs. */
export async function extractDocx(data: Buffer): Promise<Passage[]> {
  const mammoth = (await import('mammoth')).default;
  const { value: html } = await mammoth.convertToHtml(
    { buffer: data },
    // Images carry no searchable text: never unpack them (mammoth's default inlines each one
    // into the HTML as base64, which costs memory for nothing).
    { convertImage: mammoth.images.imgElement(() => Promise.resolve({ src: '' })) },
  );
  const sections: string[][] = [[]];
  for (const m of html.matchAll(/<(h[1-6]|p|li|td|th)[^>]*>([\s\S]*?)<\/\1>/g)) {
    const text = decodeEntities((m[2] ?? '').replace(/<[^>]+>/g, ''));
    if (/^h[12]$/.test(m[1] ?? '') && (sections.at(-1)?.length ?? 0) > 0) sections.push([]);
    sections.at(-1)?.push(text);
  }
  return numbered(sections.flatMap((s) => blocks(s)));
}

/**
 * A Word file as mammoth's HTML, for the in-app reader (sanitised by the caller before it is
 * sent). Images are left out, as for the text: they would be inlined as base64.
 */
export async function renderDocxHtml(filePath: string): Promise<string> {
  const mammoth = (await import('mammoth')).default;
  const { value } = await mammoth.convertToHtml(
    { buffer: await readFile(filePath) },
    { convertImage: mammoth.images.imgElement(() => Promise.resolve({ src: '' })) },
  );
  return value;
}

function decodeEntities(s: string): string {
  return s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

export function extractPlainText(text: string): Passage[] {
  return numbered(blocks(text.split(/\n\s*\n/)));
}

/** The extensions whose text is read (extractFile); anything else has no text of its own. */
export const EXTRACTABLE_EXTENSIONS: readonly string[] = ['pdf', 'docx', 'txt'];

/**
 * The first `maxChars` characters of `passages` (whole passages, the last one cut), and
 * whether anything was left out. Keeps the stored and searched text of one item bounded.
 */
export function capPassages(
  passages: Passage[],
  maxChars: number,
): { passages: Passage[]; truncated: boolean } {
  const kept: Passage[] = [];
  let budget = maxChars;
  for (const p of passages) {
    if (budget <= 0) return { passages: kept, truncated: true };
    if (p.text.length > budget) {
      kept.push({ page: p.page, text: p.text.slice(0, budget) });
      return { passages: kept, truncated: true };
    }
    kept.push(p);
    budget -= p.text.length;
  }
  return { passages: kept, truncated: false };
}

/**
 * Text of an uploaded file by its key extension; [] for media and unsupported formats.
 * Parsing a document is CPU and memory the file decides: the API calls this only inside a
 * worker thread with limits (lib/extraction-workers.ts), never on its event loop.
 */
export async function extractFile(
  filePath: string,
  ext: string,
  maxChars = Number.POSITIVE_INFINITY,
): Promise<Passage[]> {
  switch (ext) {
    case 'pdf':
      return extractPdf(new Uint8Array(await readFile(filePath)));
    case 'docx':
      return extractDocx(await readFile(filePath));
    case 'txt':
      // A character is at most 4 bytes: past that many, the rest would be cut anyway.
      return extractPlainText(await readPrefix(filePath, maxChars * 4));
    default:
      return [];
  }
}

/** The first `maxBytes` bytes of a file as UTF-8 (all of it when smaller). */
async function readPrefix(filePath: string, maxBytes: number): Promise<string> {
  if (!Number.isFinite(maxBytes)) return readFile(filePath, 'utf8');
  const handle = await open(filePath, 'r');
  try {
    const { size } = await handle.stat();
    const buffer = Buffer.alloc(Math.min(size, maxBytes));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead).toString('utf8');
  } finally {
    await handle.close();
  }
}
