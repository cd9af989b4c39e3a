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
import { makeDocx, makePdf } from './doc-writers.mjs';

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

const written = [
  ['site-safety-checklist.pdf', makePdf(CHECKLIST_PAGES)],
  ['concrete-pour-procedure.docx', makeDocx(POUR_SECTIONS)],
  ['daily-report-template.txt', Buffer.from(DAILY_REPORT, 'utf8')],
];
for (const [name, data] of written) {
  writeFileSync(path.join(OUT, name), data);
  console.log(`${name}: ${data.length} bytes`);
}
