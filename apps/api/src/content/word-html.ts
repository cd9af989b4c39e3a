/**
 * Mammoth's HTML of a Word file, rebuilt from an allow-list before the reader shows it: only
 * text-structure tags, no attributes except a link's http(s)/mailto href and a table cell's
 * spans, no images, nothing executable. Mammoth escapes the document's text, so everything
 * outside a tag is text; every tag is rebuilt from its name rather than copied. Sections start
 * where the text index starts them (a Heading 1 or 2 after some text, lib/text-extraction.ts),
 * marked id="section-N" so a citation of section N can scroll there.
 */
const ALLOWED = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'sub',
  'sup',
  'br',
  'table',
  'thead',
  'tbody',
  'tr',
  'td',
  'th',
  'blockquote',
  'pre',
  'code',
  'a',
]);
const VOID = new Set(['br']);
/** Tags whose content is dropped with them (mammoth never writes them; a crafted file might). */
const DROP_CONTENT = new Set(['script', 'style', 'template', 'iframe', 'object', 'svg', 'math']);

function attribute(attrs: string, name: string): string | null {
  const m = new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(attrs);
  return m ? (m[2] ?? m[3] ?? m[4] ?? '') : null;
}

function decode(value: string): string {
  return value
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n: string) => String.fromCodePoint(parseInt(n, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

const escapeAttr = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A link target the reader may follow: http(s) and mailto only (no javascript:, data:, …). */
function safeHref(raw: string | null): string | null {
  if (raw === null) return null;
  // Control characters and whitespace inside a scheme are ignored by browsers ("java\tscript:").
  // eslint-disable-next-line no-control-regex
  const href = decode(raw).replace(/[\u0000-\u0020\u007f]+/g, '');
  if (/^(https?:\/\/|mailto:)/i.test(href)) return href;
  return null;
}

export function sanitiseWordHtml(html: string): string {
  let out = '<span id="section-1"></span>';
  let section = 1;
  let textSinceSection = false;
  let dropping: string | null = null;
  const token =
    /<(\/?)([a-zA-Z][a-zA-Z0-9]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|<!--[\s\S]*?-->|([^<]+)|</g;
  for (const m of html.matchAll(token)) {
    const [whole, slash, rawName, attrs = '', text] = m;
    if (dropping) {
      if (slash && rawName?.toLowerCase() === dropping) dropping = null;
      continue;
    }
    if (text !== undefined) {
      if (text.trim()) textSinceSection = true;
      out += text.replace(/>/g, '&gt;');
      continue;
    }
    if (!rawName) {
      // A comment or a lone '<': never markup.
      if (whole === '<') out += '&lt;';
      continue;
    }
    const name = rawName.toLowerCase();
    if (DROP_CONTENT.has(name)) {
      if (!slash && !attrs.trim().endsWith('/')) dropping = name;
      continue;
    }
    if (!ALLOWED.has(name)) continue;
    if (slash) {
      if (!VOID.has(name)) out += `</${name}>`;
      continue;
    }
    let rebuilt = name;
    if ((name === 'h1' || name === 'h2') && textSinceSection) {
      section += 1;
      textSinceSection = false;
      rebuilt += ` id="section-${section}"`;
    }
    if (name === 'a') {
      const href = safeHref(attribute(attrs, 'href'));
      if (href) rebuilt += ` href="${escapeAttr(href)}" target="_blank" rel="noopener noreferrer"`;
    }
    if (name === 'td' || name === 'th') {
      for (const span of ['colspan', 'rowspan']) {
        const value = attribute(attrs, span);
        if (value && /^\d{1,3}$/.test(value)) rebuilt += ` ${span}="${value}"`;
      }
    }
    out += `<${rebuilt}>`;
  }
  return out;
}
