#!/usr/bin/env node
// Over 300 lines: most of it is the demo documents' text and the hand-written PDF / .docx
// writers that must stay dependency-free.
// Regenerates the demo documents in apps/api/src/bootstrap/demo-files/ from the text below:
// site-safety-checklist.pdf (two pages), concrete-pour-procedure.docx (two sections) and
// daily-report-template.txt. Run: node tools/make-demo-docs.mjs
//
// The files are written by hand (no LibreOffice, no dependencies) so they stay tiny and the
// output is byte-for-byte reproducible: a PDF 1.4 with the standard Helvetica font, and a
// minimal .docx (a zip of three XML parts). The Field Advisor answers from this text
// (docs/voice-advisor.md), and several tests rely on where things are:
// - the PDF has exactly two pages; "full body harness" is on page 2 and nowhere else;
// - the .docx has exactly two sections (Heading1); curing ("seven days") is in section 2, and
//   neither section 1 nor the PDF mentions both "slab" and curing.
// Write wrapped PDF lines so a continuation line starts with a lowercase word (the advisor joins
// such lines back into sentences).

import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateRawSync } from 'node:zlib';

const OUT = fileURLToPath(new URL('../apps/api/src/bootstrap/demo-files/', import.meta.url));

// ---------------------------------------------------------------------------------------------
// The text. '# ' starts a title, '## ' a heading, '- ' a checklist item; other lines are
// paragraphs.

const CHECKLIST_PAGES = [
  `# Site Safety Checklist
Walk through this list at the start of every shift. If any item fails, stop and tell your supervisor before work starts.
## Personal protective equipment (PPE)
- Wear a hard hat, safety glasses, a high visibility vest and steel toe boots at all times on site.
- Wear cut resistant gloves when handling rebar, sheet metal or glass.
- Wear hearing protection where noise is above 85 dB, for example near saws, breakers and compressors.
- Wear a dust mask (N95 or FFP2) when cutting concrete, brick or block, and use water to keep the dust down.
- Replace a hard hat after any heavy impact, or when the shell is cracked or the suspension is worn.
## Housekeeping and access
- Keep walkways, stairs and exits clear of materials, cords and debris.
- Cover every floor opening with a secured cover marked HOLE, or guard it with a guardrail.
- Stack materials on firm, level ground, no higher than three times the width of the base.
## Ladders
- Inspect a ladder before use: rails, rungs, feet and locks. Tag a damaged ladder "Do not use" and remove it from site.
- Set an extension ladder at a 4 to 1 angle: one foot out from the wall for every four feet of height.
- Extend the ladder at least 3 feet (1 m) above the landing and tie it off at the top.
- Keep three points of contact when climbing, face the ladder, and carry tools in a belt or hoist them up.
- Never stand on the top two steps of a stepladder, and never use a stepladder folded and leaned against a wall.
## Scaffolding
- A competent person inspects the scaffold before every shift and after storms or high winds. Check the tag before you climb: green means safe to use, red means do not use.
- Working platforms need full planking, guardrails, midrails and toe boards.
- Never remove braces, ties or guardrails from a scaffold yourself; ask the scaffold erector.
## Live electrical work
- Treat every wire as live until it has been tested dead. Only a qualified electrician works on electrical circuits, and only after lockout and tagout.
- Plug portable tools into ground fault protected outlets (GFCI or RCD) and inspect cords every day.
- Keep equipment at least 10 feet (3 m) away from overhead power lines.
## Hot work
- Get a hot work permit before welding, cutting or grinding. Keep a fire extinguisher within reach and a fire watch for 30 minutes after the work ends.`,
  `# Fall Protection and High Risk Work
## Fall protection (work at height)
- Fall protection is required when you work 6 feet (1.8 m) or more above a lower level.
- Use guardrails first. Where guardrails are not possible, wear a full body harness with a shock absorbing lanyard tied to an anchor rated for 5,000 lb (22 kN).
- Inspect the harness and lanyard before each use: webbing, stitching, buckles and the D ring. Take a harness out of service after it has arrested a fall.
- Never tie off to a guardrail, conduit or pipe. A rescue plan must be in place before work at height starts.
- Guardrails must be inspected weekly by the superintendent.
## Trenches and excavations
- Call 811 (the utility locate service) at least two working days before digging, and dig by hand within 18 inches of marked lines.
- Trenches 5 feet (1.5 m) deep or more need a protective system: sloping, benching, shoring or a trench box. Trenches 20 feet (6 m) deep or more need a system designed by a registered engineer.
- A competent person inspects every excavation daily before work starts, and again after rain.
- Keep spoil piles and equipment at least 2 feet (0.6 m) back from the edge.
- Provide a ladder within 25 feet (7.5 m) of every worker in a trench 4 feet (1.2 m) deep or more.
## Confined spaces
- Do not enter a confined space such as a manhole, tank or vault without a permit, an atmosphere test for oxygen, flammable gas and toxic gas, and an attendant outside.
## Cranes, rigging and lifting
- Only qualified crane operators, riggers and signal persons take part in a lift. Check the lift plan and the load chart before each lift.
- Inspect slings, shackles and hooks before use, and remove damaged rigging from service.
- Never stand or walk under a suspended load. Use tag lines to control the load.
- Stop lifting when the wind is above the crane manufacturer's limit.
## Asbestos
- Materials in buildings built before 1980 may contain asbestos. If you find suspected asbestos, stop work, keep people away and tell your supervisor. Only licensed contractors remove asbestos.
## Emergencies
- Know the muster point and where the first aid kit and fire extinguishers are.
- Report every injury and near miss to your supervisor the same day.`,
];

const POUR_SECTIONS = [
  {
    heading: 'Concrete Pour Procedure: before the pour',
    paragraphs: [
      'Check the formwork: braced, tight, clean and coated with release agent.',
      'Check the formwork and rebar spacing before ordering concrete. Check laps and cover on chairs, and have the engineer or inspector sign off the reinforcement.',
      'Confirm the mix design, the volume and the delivery times with the supplier. Plan access for the pump or chute and set up a washout area.',
      'Check the weather forecast. Do not pour in heavy rain, or below 40 °F (5 °C) without cold weather protection ready.',
      'Brief the crew before the first truck arrives: who does what, the pump hand signals, and the exclusion zone around the pump boom.',
      'PPE for concrete work: alkali resistant gloves, rubber boots, eye protection and long sleeves. Wet concrete causes chemical burns; wash it off skin straight away.',
    ],
  },
  {
    heading: 'Placing, finishing and curing',
    paragraphs: [
      "Check every truck's delivery ticket against the mix ordered and note the time it was batched. Reject concrete batched more than 90 minutes before it arrives.",
      'Record the slump test result on the pour card. Test the first truck and then every 50 cubic yards. Do not add water on site without the engineer approving it.',
      'Place concrete in layers no deeper than 20 inches (500 mm) and vibrate each layer. Do not use the vibrator to drag concrete sideways.',
      'Stay out of the swing area of the pump boom and never stand under the boom or the end hose.',
      'Screed, then bull float, and trowel only once the bleed water has gone.',
      'Keep the slab moist for seven days to reach design strength: use wet burlap, a curing compound or plastic sheeting. In hot weather start curing as soon as finishing ends; in cold weather protect the concrete from freezing with insulated blankets.',
      'Strip wall forms no sooner than 24 hours after the pour. Strip slab formwork and props only when the engineer confirms the concrete has reached strength.',
      'Wash out trucks and the pump only in the washout area, never into drains.',
    ],
  },
];

const DAILY_REPORT = `Daily Report Template

Fill in one daily report for each site every working day. Submit the report to the superintendent before leaving site.

Record these items:
1. Date, weather (morning and afternoon) and temperature.
2. Crew size by trade, subcontractors on site and visitors.
3. Work completed today, by area and activity.
4. Deliveries received and equipment on site.
5. Inspections done today, such as scaffold, excavation or crane inspections, and who did them.
6. Incidents, injuries and near misses: what happened, where, and who was told. Report an injury to your supervisor straight away, not only in the daily report.
7. Delays and their causes, such as weather, late deliveries or open design questions.
8. Photos: attach at least one photo of each work area.

Keep every daily report for the life of the project. They are the record used for claims, schedules and incident investigations.
`;

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
function wrap(text, size, max) {
  const words = text.split(' ');
  const lines = [];
  let current = [];
  for (const word of words) {
    const trial = [...current, word].join(' ');
    if (current.length > 0 && width(trial, size) > max) {
      // Move capitalised or numeric words down with their neighbour so the new line starts lowercase.
      const moved = [];
      while (current.length > 1 && /^[A-Z0-9"(]/.test(moved[0] ?? word)) {
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

function pageContent(source) {
  const ops = ['BT'];
  let y = 740;
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
    wrap(text, size, right - left - indent - (indent ? 10 : 0)).forEach((line, i) => {
      y -= lead;
      const x = left + indent + (indent && i > 0 ? 10 : 0);
      const shown = indent && i === 0 ? `- ${line}` : line;
      ops.push(`/${font} ${size} Tf 1 0 0 1 ${x} ${y.toFixed(1)} Tm ${pdfString(shown)} Tj`);
    });
    if (raw.startsWith('# ')) y -= 4;
  }
  if (y < 40) throw new Error(`page overflows (y=${y}); shorten the text`);
  ops.push('ET');
  return ops.join('\n');
}

function makePdf(pages) {
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
  for (const source of pages) {
    const content = pageContent(source);
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

function makeDocx(sections) {
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

// ---------------------------------------------------------------------------------------------

const written = [
  ['site-safety-checklist.pdf', makePdf(CHECKLIST_PAGES)],
  ['concrete-pour-procedure.docx', makeDocx(POUR_SECTIONS)],
  ['daily-report-template.txt', Buffer.from(DAILY_REPORT, 'utf8')],
];
for (const [name, data] of written) {
  writeFileSync(path.join(OUT, name), data);
  console.log(`${name}: ${data.length} bytes`);
}
