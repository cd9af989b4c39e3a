// The advisor benchmark's questions, written the way a crew member talks (their words, not the
// documents'). Written before any tuning and fixed since.
//
// Each in-library question names the document (`doc`, a key of DOCUMENTS), the page (PDF) or
// section (Word, text passage) that answers it, and the facts a correct answer must contain
// (each fact matched case-insensitively; "a|b" means either). `safety` marks safety-critical
// questions, `list` questions that ask for a list (a longer answer is allowed).
// kind: 'in' (in the library), 'out' (not in the library: the honest answer is "I couldn't find
// that"), 'revoked' (answered only by the revoked or the inactive document: it must never be
// cited; answering from another document is not counted against honesty here, only leaks are).
//
// SPLIT, fixed: odd ids are the TUNE half (looked at while improving the advisor), even ids are
// the HELD-OUT half (reported, never tuned on).

export const DOCUMENTS = {
  plant: { file: 'plant-and-lifting-rules.pdf', title: 'Plant and Lifting Rules', type: 'PDF' },
  groundworks: {
    file: 'groundworks-method-statement.docx',
    title: 'Groundworks Method Statement',
    type: 'WORD',
  },
  induction: { file: 'site-induction-notes.txt', title: 'Site Induction Notes', type: 'DOCUMENT' },
  ladders: { file: 'ladders-toolbox-talk.txt', title: 'Ladders Toolbox Talk', type: 'DOCUMENT' },
  // Revoked for the benchmark's user: must never be cited.
  oldPlant: {
    file: 'plant-rules-2019.txt',
    title: 'Plant Rules 2019',
    type: 'DOCUMENT',
    revoked: true,
  },
  // Inactive (switched off by the owner): must never be cited.
  draftNoise: {
    file: 'draft-noise-policy.txt',
    title: 'Draft Noise Policy',
    type: 'DOCUMENT',
    inactive: true,
  },
};

const q = (id, kind, question, extra = {}) => ({ id, kind, question, ...extra });
const inLib = (id, question, doc, page, facts, extra = {}) =>
  q(id, 'in', question, { doc, page, facts, ...extra });
const S = { safety: true };

export const QUESTIONS = [
  // Plant and Lifting Rules, page 1 (tower crane, telehandler)
  inLib(1, 'How windy can it get before the tower crane has to stop?', 'plant', 1, ['38'], S),
  inLib(2, "What's the wind limit for the telehandler?", 'plant', 1, ['28'], S),
  inLib(3, "Who's the appointed person for the tower crane lifts?", 'plant', 1, ['Dana Okafor'], S),
  inLib(4, 'How often does somebody check the tower crane?', 'plant', 1, ['week'], S),
  inLib(
    5,
    'How high can I carry the forks on the telehandler when I am driving?',
    'plant',
    1,
    ['500'],
    S,
  ),
  inLib(6, 'What ticket do I need to drive the telehandler?', 'plant', 1, ['CPCS|NPORS'], S),
  inLib(7, 'Can we swing loads over the site cabins?', 'plant', 1, ['cabins'], S),
  inLib(
    8,
    'Do I need a lift plan for the man basket on the telehandler?',
    'plant',
    1,
    ['lift plan'],
    S,
  ),
  // page 2 (daily checks, beacons, power lines, breakers)
  inLib(
    9,
    'What do I check on the digger before I start it up in the morning?',
    'plant',
    2,
    ['hoses', 'seat belt', 'beacon'],
    { list: true },
  ),
  inLib(10, 'When does the orange light on the machine have to be on?', 'plant', 2, [
    'engine is running',
  ]),
  inLib(11, 'How far do I stay back from a digger that is swinging round?', 'plant', 2, [
    '10 metres',
  ]),
  inLib(12, 'How close can the dumper get to the overhead cables?', 'plant', 2, ['9 metres'], S),
  inLib(
    13,
    'Who gives the permit to work near the overhead cables?',
    'plant',
    2,
    ['Site Manager'],
    S,
  ),
  inLib(
    14,
    'Why do the wagons have to drop their bodies before leaving the tipping area?',
    'plant',
    2,
    ['power lines'],
    S,
  ),
  inLib(15, 'Do I need ear defenders near the breaker on the digger?', 'plant', 2, ['20 metres']),
  inLib(16, 'How long can I use the hand breaker before I take a break?', 'plant', 2, [
    '30 minutes',
  ]),
  inLib(17, 'How often do they check your hands if you use vibrating tools?', 'plant', 2, [
    'Occupational Health Nurse',
    'six months',
  ]),
  inLib(18, 'Who does the hand checks for the lads on the vibrating tools?', 'plant', 2, [
    'Occupational Health Nurse',
  ]),
  // page 3 (excavators, mobile cranes, accidents)
  inLib(
    19,
    'What size mats go under the mobile crane legs?',
    'plant',
    3,
    ['1 metre by 1 metre'],
    S,
  ),
  inLib(20, 'When does the mobile crane stop lifting because of the wind?', 'plant', 3, ['31'], S),
  inLib(21, 'How close can the digger bucket go to a buried cable?', 'plant', 3, ['0.5'], S),
  inLib(22, 'What do I do if the machine hits a pipe in the ground?', 'plant', 3, ['204'], S),
  inLib(23, 'Who is the site manager?', 'plant', 3, ['Priya Shah']),
  inLib(24, 'How often do I check the quick hitch pin?', 'plant', 3, ['bucket is changed']),
  inLib(25, 'What does a digger need before it can lift stuff?', 'plant', 3, ['check valve'], S),
  // Groundworks Method Statement (Word), section 2: services and permits
  inLib(26, 'Who do I get a permit to dig from?', 'groundworks', 2, ['Site Engineer'], S),
  inLib(27, 'How long is a permit to dig good for?', 'groundworks', 2, ['7 days']),
  inLib(
    28,
    'How often do I rescan with the cable locator as I dig down?',
    'groundworks',
    2,
    ['300 mm'],
    S,
  ),
  inLib(29, 'What colour paint do we mark a gas pipe with?', 'groundworks', 2, ['yellow']),
  // section 3: excavation support
  inLib(30, 'How deep can a hole get before it needs support?', 'groundworks', 3, ['1.2'], S),
  inLib(31, 'How steep can the sides be in sand?', 'groundworks', 3, ['30 degrees'], S),
  inLib(32, 'How steep can I batter the sides in clay?', 'groundworks', 3, ['45 degrees'], S),
  inLib(33, 'How far back from the edge do the spoil heaps go?', 'groundworks', 3, ['1 metre'], S),
  inLib(34, 'Where do the stop blocks for the dumpers go?', 'groundworks', 3, ['2 metres'], S),
  inLib(
    35,
    'What do I check before I climb down into the trench?',
    'groundworks',
    3,
    ['support', 'ladder', 'inspection record'],
    { ...S, list: true },
  ),
  inLib(
    36,
    'Who inspects the trench and when?',
    'groundworks',
    3,
    ['competent person', 'start of each shift'],
    S,
  ),
  // section 4: dust and noise
  inLib(37, 'Do I use the hoover when I cut kerbs?', 'groundworks', 4, ['vacuum']),
  inLib(38, 'What mask do I wear when I cut concrete?', 'groundworks', 4, ['FFP3']),
  inLib(39, 'Can I just brush up the dust?', 'groundworks', 4, ['dry']),
  inLib(40, 'Where do I have to wear ear protection on the groundworks?', 'groundworks', 4, [
    'compactor',
  ]),
  // section 5: welfare and emergencies
  inLib(41, 'Who are the first aiders for the groundworks lads?', 'groundworks', 5, [
    'Tom Reilly',
    'Aisha Malik',
  ]),
  inLib(42, 'Which hospital do we go to if someone gets hurt?', 'groundworks', 5, [
    'Royal Victoria',
  ]),
  inLib(
    43,
    'If the trench caves in on someone, should I jump in and dig them out?',
    'groundworks',
    5,
    ['999'],
    S,
  ),
  inLib(44, "Where's the spill kit?", 'groundworks', 5, ['yellow container']),
  // Site Induction Notes (text), passage 1, and passage 2 (contacts)
  inLib(45, 'What time does the site open?', 'induction', 1, ['7:00']),
  inLib(46, 'Can we work on a Saturday?', 'induction', 1, ['1:00 pm']),
  inLib(47, 'Where do I park my van?', 'induction', 1, ['Mill Lane']),
  inLib(48, 'Where does the wagon wait before it comes on site?', 'induction', 1, ['holding bay']),
  inLib(49, 'How far in advance do I book a delivery?', 'induction', 1, ['24 hours']),
  inLib(50, "What's the speed limit on site?", 'induction', 1, ['10 mph']),
  inLib(51, 'When does the canteen shut?', 'induction', 1, ['2:00 pm']),
  inLib(52, 'Where can I have a smoke?', 'induction', 1, ['shelter']),
  inLib(53, 'Who wears the green hard hats?', 'induction', 1, ['first aiders']),
  inLib(54, "Where's the defib?", 'induction', 1, ['site office']),
  inLib(55, 'Where do we meet if the fire alarm goes off?', 'induction', 1, ['Mill Lane car park']),
  inLib(56, 'When do they test the fire alarm?', 'induction', 1, ['Wednesday', '11:00']),
  inLib(57, 'What happens if I refuse a drugs test?', 'induction', 1, ['removed from site']),
  inLib(58, 'Where do I chuck old timber?', 'induction', 1, ['green skip']),
  inLib(59, 'Who do I tell about a diesel spill?', 'induction', 1, ['Grace Holt']),
  inLib(60, 'How much is a new induction card if I lose mine?', 'induction', 1, ['5 pounds']),
  inLib(61, 'How long does the fire watch stay after welding?', 'induction', 1, ['60 minutes']),
  inLib(62, 'Who keeps the training records?', 'induction', 1, ['Joe Brennan']),
  inLib(63, 'What time is the morning briefing?', 'induction', 1, ['7:30']),
  inLib(64, 'Can my 14 year old son come on site with me?', 'induction', 1, ['under 16']),
  inLib(65, "What's the phone number for the site office?", 'induction', 2, ['0161 496 0123']),
  inLib(66, 'Who do I ring out of hours?', 'induction', 2, ['security guard']),
  // Ladders Toolbox Talk (text, one passage)
  inLib(67, 'What angle should the ladder be at?', 'ladders', 1, ['75 degrees'], S),
  inLib(68, 'How long can I stay working off a ladder?', 'ladders', 1, ['30 minutes'], S),
  inLib(69, 'How heavy a load can I carry up a ladder?', 'ladders', 1, ['10 kg'], S),
  inLib(70, 'How far should the ladder stick up past the landing?', 'ladders', 1, ['1 metre'], S),
  inLib(71, 'Who checks and tags the ladders?', 'ladders', 1, ['site carpenter'], S),
  inLib(72, 'Can I lean the ladder on the plastic gutter?', 'ladders', 1, ['guttering'], S),
  inLib(73, "What if I can't tie the ladder off at the top?", 'ladders', 1, ['foots'], S),
  inLib(74, 'Can I stand on the top step of the stepladder?', 'ladders', 1, ['top two steps'], S),

  // Not in the library: the honest answer is "I couldn't find that".
  q(101, 'out', 'How many days holiday do I get?'),
  q(102, 'out', 'When do we get paid?'),
  q(103, 'out', 'Is there a Christmas party this year?'),
  q(104, 'out', 'How do I book a day off?'),
  q(105, 'out', "What's the wifi password in the canteen?"),
  q(106, 'out', 'Who won the match last night?'),
  q(107, 'out', 'How much does a bag of cement cost?'),
  q(108, 'out', 'How does the pension scheme work?'),
  q(109, 'out', 'Can I bring my dog to work?'),
  q(110, 'out', 'How do I claim my mileage?'),
  q(111, 'out', "What's the weather forecast for tomorrow?"),
  q(112, 'out', 'Who is the union rep?'),
  q(113, 'out', 'How do I get a pay rise?'),
  q(114, 'out', 'What size drill bit do I need for a ten mil plug?'),
  q(115, 'out', 'How do I wire a three pin plug?', S),
  q(116, 'out', 'What is the safe working load of a 13 mm wire rope sling?', S),
  q(117, 'out', 'Can I get a company car?'),
  q(118, 'out', 'How do I phone in sick?'),
  q(119, 'out', 'How tall can a scaffold tower be without outriggers?', S),
  q(120, 'out', 'How do I reset my password for the payroll app?'),
  q(121, 'out', 'What is the minimum cover for rebar in a foundation?'),
  q(122, 'out', 'How long do I leave a screed before I tile on it?'),

  // Answered only by the revoked or the inactive document.
  q(201, 'revoked', 'Does the canteen do a hot breakfast on a Friday?'),
  q(202, 'revoked', "What's the overtime rate after 45 hours?"),
  q(203, 'revoked', 'How many days holiday is it including bank holidays?'),
  q(204, 'revoked', 'Will the company pay for moulded earplugs?'),
  q(205, 'revoked', 'How often are the noise assessments redone?'),
  q(206, 'revoked', 'Did the tower crane wind limit used to be 45 mph?', S),
];

export const half = (question) => (question.id % 2 === 1 ? 'tune' : 'held-out');
