#!/usr/bin/env node
// Writes the advisor benchmark's site documents into bench/advisor/docs/ (run:
// node bench/advisor/make-fixtures.mjs). None of this text is the demo library's. The files are
// generated, reproducibly, by the same hand-written writers as the demo documents
// (tools/doc-writers.mjs), but the PDF wraps the way a word processor does — a continuation line
// may start with a capital or a digit — and carries a running header and footer, the layout the
// advisor has to cope with in real site documents.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeDocx, makePdf } from '../../tools/doc-writers.mjs';

const OUT = fileURLToPath(new URL('./docs/', import.meta.url));

const PLANT_PAGES = [
  `# Plant and Lifting Rules
Read and signed by every member of the lifting team and every plant operator before they start work on the Riverside Quarter site.
This document sets out the site rules for cranes, telehandlers, excavators and other plant. Toolbox talk for plant operators and slingers, issued by Northgate Civils.
## Tower crane
- The tower crane stops slewing and lifting when the wind speed at the jib reaches 38 mph (17 m/s), and the crane is then left in free slew.
- The appointed person for all tower crane lifts is Dana Okafor, the Lifting Coordinator.
- The tower crane is inspected every week by the Crane Supervisor and thoroughly examined every 12 months.
- Loads are never lifted over the site cabins or over the public footpath on Mill Lane.
## Telehandler
- Telehandlers must not lift when the wind speed reaches 28 mph (12.5 m/s).
- Telehandler operators hold a valid CPCS or NPORS card for the telehandler category they drive.
- Never travel with the boom raised: keep the forks no higher than 500 mm above the ground when driving.
- A telehandler with a man basket needs a separate lift plan signed by the Appointed Person.`,
  `# Plant Movement, Power Lines and Breakers
## Daily checks
Before starting a machine each day, the operator checks:
- tyres or tracks for damage;
- hydraulic hoses for leaks;
- the seat belt and the cab glass;
- lights, horn and the amber beacon.
## Reversing and beacons
- All plant reversing in the yard is guided by a trained banksman. Every machine has an amber flashing beacon, which must be on whenever the engine is running.
- Stay 10 metres away from a slewing excavator unless the operator has seen you and signalled that you may approach.
## Overhead power lines
- The 11 kV overhead power lines across the north yard are marked with goalposts and bunting. No plant may work within 9 metres (30 feet) of the power lines without a permit from the Site Manager.
- Tipper trucks lower their bodies fully before they leave the tipping area, because a raised body can reach the power lines.
## Hydraulic breakers
- An excavator mounted hydraulic breaker is used only with the cab door closed and the front guard fitted. Anyone within 20 metres of a working breaker wears hearing protection.
- No one uses a hand-held breaker for more than 30 minutes without a break, and trigger time is logged on the vibration record card. Anyone who uses hand-held breakers or other vibrating tools has a hand check by the Occupational Health Nurse every six months.`,
  `# Excavators and Mobile Cranes
## Excavators
- An excavator lifting a load must have a working check valve on the boom and a safe working load plate in the cab.
- The quick hitch safety pin is fitted and checked by eye every time the bucket is changed.
- Do not dig with the machine within 0.5 metres of a buried cable found by the cable locator: dig by hand.
## Mobile cranes
- Mobile crane outriggers go on timber or steel mats at least 1 metre by 1 metre, and never over a trench, a manhole cover or a drain.
- Mobile cranes stop lifting when the wind reaches 31 mph (14 m/s) or the limit in the load chart, whichever is lower.
## Accidents and damage
- If plant hits a service or a structure, stop the machine, keep everyone back and call the Site Manager on extension 204. The Site Manager is Priya Shah.`,
];

const GROUNDWORKS_SECTIONS = [
  {
    heading: 'Groundworks Method Statement: introduction',
    paragraphs: [
      'Toolbox talk for groundworkers and excavator operators on the Riverside Quarter groundworks package.',
      'Read and signed by every member of the groundworks gang before starting work. It applies to Northgate employees and subcontractors alike.',
    ],
  },
  {
    heading: 'Services and permits',
    paragraphs: [
      'Before any digging, get a permit to dig from the Site Engineer. A permit to dig is valid for 7 days.',
      'Scan the area with a cable locator and signal generator before digging, and scan again every 300 mm of depth.',
      'Mark located services on the ground: yellow for gas, red for electricity and blue for water.',
    ],
  },
  {
    heading: 'Excavation support',
    paragraphs: [
      'Excavations deeper than 1.2 metres need support or battered sides before anyone enters.',
      'Battered sides are cut back to an angle of no more than 45 degrees in firm clay and no more than 30 degrees in sand or gravel.',
      'Keep spoil heaps and materials at least 1 metre back from the edge of an excavation.',
      'Stop blocks for tipping dumpers are placed 2 metres from the edge.',
      'Before anyone enters an excavation, check the following:',
      'the support or batter is in place;',
      'a ladder is tied at the access point;',
      'the inspection record is signed for this shift.',
      'A competent person inspects every excavation at the start of each shift and records it in the excavation register.',
    ],
  },
  {
    heading: 'Dust and noise',
    paragraphs: [
      'Cutting kerbs, blocks or slabs with a disc cutter is done with water suppression or with on-tool extraction connected to an M-class vacuum.',
      'Wear a face-fit tested FFP3 mask when cutting or breaking concrete.',
      'Never sweep silica dust dry: clean it up with the vacuum or damp it down first.',
      'Hearing protection is mandatory inside the marked zones around the compactor, the disc cutter and the breaker.',
    ],
  },
  {
    heading: 'Welfare and emergencies',
    paragraphs: [
      'The first aiders for the groundworks gang are Tom Reilly and Aisha Malik.',
      'The nearest hospital with an emergency department is Royal Victoria Hospital, 4 miles away on the A62.',
      'If an excavation collapses on someone, do not go in after them: call 999 and then the Site Manager.',
      'The spill kit is kept in the yellow container next to the diesel bowser.',
    ],
  },
];

const INDUCTION = `Site Induction Notes: Riverside Quarter

Read and signed by every member of staff, subcontractor and visitor at their site induction. Keep your induction card with you at all times.

Working hours
The site opens at 7:00 am and closes at 6:00 pm, Monday to Friday. Saturday work runs from 8:00 am to 1:00 pm, and only with the Site Manager's approval. No noisy work is allowed before 8:00 am.

Parking and travel
Park in the Mill Lane car park. No private cars may park inside the site gates. The 42 and 56 buses stop outside Gate 1.

Deliveries
Every delivery vehicle books a slot with the gatehouse at least 24 hours in advance. Delivery lorries wait in the holding bay at Gate 2 until a banksman walks them in.

Traffic
The site speed limit is 10 mph (15 km/h) for every vehicle. Pedestrians use the green walkways and cross the haul road only at the marked crossing points.

Welfare
The canteen and the drying room are in the blue cabins next to Gate 1. The canteen is open from 6:30 am to 2:00 pm. Smoking and vaping are allowed only in the shelter behind the canteen.

PPE
Minimum PPE everywhere on site: a hard hat, safety boots with midsole protection, a hi-vis vest, safety glasses and gloves. Supervisors wear black hard hats, first aiders wear green hard hats and visitors wear blue hard hats.

First aid
First aid kits are kept in the canteen and in the site office. The defibrillator hangs outside the site office door. Report every injury, however small, to your supervisor before the end of the shift.

Fire and emergencies
The fire assembly point is the Mill Lane car park, by the main gate. The fire alarm is tested every Wednesday at 11:00 am. A continuous siren means stop work, leave the building and go straight to the assembly point. Do not go back for your belongings.

Drugs and alcohol
Random drug and alcohol tests are carried out on site. Anyone who refuses a test is removed from site.

Mobile phones
Do not use a mobile phone while walking on the haul road or while operating plant. Step into a safe area to take a call.

Near misses
Report every near miss to your supervisor on the same shift, or fill in a near miss card at the gatehouse. Near miss cards are reviewed at the Monday morning meeting.

Security
The site is locked at 6:30 pm. The security guard, Mick Dunne, holds the keys and patrols the site overnight. Lost induction cards are replaced at the gatehouse for a fee of 5 pounds.

Waste
Put timber in the green skip, metal in the red skip and general waste in the black skip. Plasterboard goes in the separate covered skip. Never burn waste on site.

Environment
Keep all fuel and oil in bunded containers or on drip trays. Report any spill to the Environmental Advisor, Grace Holt, straight away.

Housekeeping
Clear your work area at the end of every shift. Stack materials no higher than 2 metres and keep fire exits and walkways clear at all times.

Visitors
Visitors sign in at the gatehouse, are escorted at all times and wear blue hard hats. Visitors under 16 are not allowed on site.

Hot works
Welding, cutting and grinding need a hot works permit from the Site Manager, issued for one shift at a time. A fire watch stays for 60 minutes after hot work ends, and a fire extinguisher is kept within 5 metres of the work.

Training and cards
Every operative holds a valid CSCS card, checked at induction. Supervisors hold an SSSTS or SMSTS certificate. Training records are kept by the Site Administrator, Joe Brennan, in the site office.

Weather
In high winds the Site Manager decides when outside work stops. In hot weather, drinking water is available free of charge in the canteen, and sun cream is kept in the first aid kits.

Meetings
The daily briefing is at 7:30 am in the canteen. Every operative attends the weekly toolbox talk on Tuesday at 1:00 pm.

Lone working
Nobody works alone on site after 6:00 pm. Anyone who has to work alone signs the lone worker register at the gatehouse and calls the security guard every hour.

Contacts
The site office phone number is 0161 496 0123. Out of hours, call the security guard on 07700 900461.
`;

const LADDERS = `Toolbox Talk: Ladders and Stepladders

Toolbox talk for all trades who use ladders, delivered by the supervisor and signed by everyone who attends.

Use a ladder only for short jobs of no more than 30 minutes in one position, and for light work: carry no more than 10 kg up a ladder.
Set a leaning ladder at an angle of 75 degrees: one unit out at the base for every four units up.
The ladder must reach at least 1 metre above the landing point, unless there is a separate handhold.
Tie the ladder at the top. Where it cannot be tied, a second person foots it.
Keep three points of contact while you climb, and do not overreach: keep your belt buckle inside the stiles.
Never use the top two steps of a stepladder unless it has a handrail.
Never rest a ladder against plastic guttering or glass.
Ladders are inspected and tagged every 3 months by the site carpenter, and the user checks the ladder before each use.
A ladder with a missing tag, a damaged stile or a missing foot is taken out of use and handed to the site carpenter.
`;

const OLD_PLANT = `Plant Rules 2019 (superseded)

The tower crane stops lifting when the wind reaches 45 mph.
Holiday entitlement is 28 days a year, including bank holidays.
The canteen serves a hot breakfast on Fridays only.
Overtime is paid at time and a half after 45 hours a week.
`;

const DRAFT_NOISE = `Draft Noise Policy (not approved)

The company pays for custom moulded earplugs after six months of service.
Noise assessments are repeated every two years.
`;

mkdirSync(OUT, { recursive: true });
const written = [
  [
    'plant-and-lifting-rules.pdf',
    makePdf(PLANT_PAGES, {
      naturalWrap: true,
      header: 'Northgate Civils - Riverside Quarter - Plant and Lifting Rules - Rev 4',
      footer: 'Uncontrolled when printed - page {page} of {pages}',
    }),
  ],
  ['groundworks-method-statement.docx', makeDocx(GROUNDWORKS_SECTIONS)],
  ['site-induction-notes.txt', Buffer.from(INDUCTION, 'utf8')],
  ['ladders-toolbox-talk.txt', Buffer.from(LADDERS, 'utf8')],
  ['plant-rules-2019.txt', Buffer.from(OLD_PLANT, 'utf8')],
  ['draft-noise-policy.txt', Buffer.from(DRAFT_NOISE, 'utf8')],
];
for (const [name, data] of written) {
  writeFileSync(path.join(OUT, name), data);
  console.log(`${name}: ${data.length} bytes`);
}
