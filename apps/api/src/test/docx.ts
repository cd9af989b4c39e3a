import { zipOf } from './zip';

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
const RELATIONSHIPS =
  '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>';

/** A minimal Word (.docx) file around `body` (the XML inside <w:body>). */
export function wordFile(body: string): Buffer {
  const document = `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`;
  return zipOf([
    { name: '[Content_Types].xml', data: Buffer.from(CONTENT_TYPES) },
    { name: '_rels/.rels', data: Buffer.from(RELATIONSHIPS) },
    { name: 'word/document.xml', data: Buffer.from(document) },
  ]);
}

/**
 * The review's hostile Word file: one paragraph of `runs` one-letter runs. It packs
 * to almost nothing (200,000 runs: 12 KB, 4.6 MB of XML, far below the zip guard's ceilings)
 * and costs mammoth seconds of CPU and about a gigabyte of heap (6.4 s and 0.9 GB measured).
 */
export function tinyRunsWordFile(runs = 200_000): Buffer {
  return wordFile(`<w:p>${'<w:r><w:t>x</w:t></w:r>'.repeat(runs)}</w:p>`);
}
