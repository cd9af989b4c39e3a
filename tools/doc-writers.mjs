// Hand-written PDF 1.4 and .docx writers (no dependencies, byte-for-byte reproducible), shared
// by the demo documents (tools/make-demo-docs.mjs) and the advisor benchmark's fixtures
// (bench/advisor/make-fixtures.mjs).
//
// makePdf(pages, options): each page is text where '# ' starts a title, '## ' a heading, '- ' a
// list item, other lines are paragraphs. options.naturalWrap wraps like a word processor (a
// continuation line may start with a capital or a digit); options.header / options.footer put a
// running line on every page ('{page}' and '{pages}' are replaced).
// makeDocx(sections): [{ heading, paragraphs }], one Heading1 per section.
import { crc32, deflateRawSync } from 'node:zlib';

// ---------------------------------------------------------------------------------------------
// PDF

// Helvetica advance widths (per 1000 em) for ASCII 32..126, from the standard AFM.
const HELVETICA = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556,
  556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667,
  611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667,
  667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500,
  222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];
const width = (text, size) =>
  [...text].reduce((w, ch) => w + (HELVETICA[ch.charCodeAt(0) - 32] ?? 556), 0) * (size / 1000);

/** Wraps to `max` points; never starts a continuation line with a capital or a digit. */
function wrap(text, size, max, natural = false) {
  const words = text.split(' ');
  const lines = [];
  let current = [];
  for (const word of words) {
    const trial = [...current, word].join(' ');
    if (current.length > 0 && width(trial, size) > max) {
      // Move capitalised or numeric words down with their neighbour so the new line starts lowercase.
      const moved = [];
      while (!natural && current.length > 1 && /^[A-Z0-9"(]/.test(moved[0] ?? word)) {
        moved.unshift(current.pop());
      }
      lines.push(current.join(' '));
      current = [...moved, word];
    } else {
      current.push(word);
    }
  }
  if (current.length) lines.push(current.join(' '));
  return lines;
}

const pdfString = (s) => `(${s.replace(/[\\()]/g, (c) => `\\${c}`)})`;

function pageContent(source, options, pageNo, pageCount) {
  const ops = ['BT'];
  let y = 740;
  if (options.header) {
    ops.push(`/F1 8 Tf 1 0 0 1 60 770 Tm ${pdfString(options.header)} Tj`);
  }
  if (options.footer) {
    const foot = options.footer
      .replace('{page}', String(pageNo))
      .replace('{pages}', String(pageCount));
    ops.push(`/F1 8 Tf 1 0 0 1 60 30 Tm ${pdfString(foot)} Tj`);
  }
  const left = 60;
  const right = 552;
  for (const raw of source.split('\n')) {
    let size = 9.5;
    let font = 'F1';
    let indent = 0;
    let text = raw;
    let before = 0;
    if (raw.startsWith('# ')) [size, font, text, before] = [16, 'F2', raw.slice(2), 0];
    else if (raw.startsWith('## ')) [size, font, text, before] = [11.5, 'F2', raw.slice(3), 8];
    else if (raw.startsWith('- ')) [indent, text] = [12, raw.slice(2)];
    const lead = size * 1.3;
    y -= before;
    wrap(text, size, right - left - indent - (indent ? 10 : 0), options.naturalWrap).forEach(
      (line, i) => {
        y -= lead;
        const x = left + indent + (indent && i > 0 ? 10 : 0);
        const shown = indent && i === 0 ? `- ${line}` : line;
        ops.push(`/${font} ${size} Tf 1 0 0 1 ${x} ${y.toFixed(1)} Tm ${pdfString(shown)} Tj`);
      },
    );
    if (raw.startsWith('# ')) y -= 4;
  }
  if (y < 44) throw new Error(`page overflows (y=${y}); shorten the text`);
  ops.push('ET');
  return ops.join('\n');
}

export function makePdf(pages, options = {}) {
  const objects = [];
  const add = (body) => objects.push(body) && objects.length;
  const catalog = add('');
  const pagesObj = add('');
  const regular = add(
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  );
  const bold = add(
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
  );
  const kids = [];
  for (const [n, source] of pages.entries()) {
    const content = pageContent(source, options, n + 1, pages.length);
    const stream = add(
      `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    );
    kids.push(
      add(
        `<< /Type /Page /Parent ${pagesObj} 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${regular} 0 R /F2 ${bold} 0 R >> >> /Contents ${stream} 0 R >>`,
      ),
    );
  }
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesObj} 0 R >>`;
  objects[pagesObj - 1] =
    `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  let out = '%PDF-1.4\n';
  const offsets = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

// ---------------------------------------------------------------------------------------------
// DOCX: [Content_Types].xml, _rels/.rels and word/document.xml in a zip.

const xml = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function makeDocx(sections) {
  const paragraph = (text, style) =>
    `<w:p>${style ? `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>` : ''}<w:r><w:t xml:space="preserve">${xml(text)}</w:t></w:r></w:p>`;
  const body = sections
    .map((s) =>
      [paragraph(s.heading, 'Heading1'), ...s.paragraphs.map((p) => paragraph(p))].join(''),
    )
    .join('');
  const files = [
    [
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ],
    [
      '_rels/.rels',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ],
    [
      'word/document.xml',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
    ],
  ];
  return zip(files.map(([name, text]) => [name, Buffer.from(text, 'utf8')]));
}

function zip(entries) {
  const locals = [];
  const centrals = [];
  let offset = 0;
  // A fixed timestamp (1980-01-01 00:00) keeps the output reproducible.
  const time = 0;
  const date = (0 << 9) | (1 << 5) | 1;
  for (const [name, data] of entries) {
    const nameBytes = Buffer.from(name, 'utf8');
    const compressed = deflateRawSync(data, { level: 9 });
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(time, 12);
    central.writeUInt16LE(date, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, compressed);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + compressed.length;
  }
  const centralSize = centrals.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}
