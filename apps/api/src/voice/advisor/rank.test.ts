import { describe, expect, it } from 'vitest';
import {
  introFactor,
  machineFactor,
  machines,
  qualifiesPrevious,
  questionType,
  typeBonus,
} from './rank';
import { passageSentences, queryTerms, safetyTopic, termOverlap } from './text';
import { DEFAULT_THESAURUS, parseThesaurus } from './thesaurus';

describe('question types', () => {
  it('tells number, who, where and yes/no questions apart', () => {
    expect(questionType('How far do I stay back from a digger?')).toBe('number');
    expect(questionType('When does the canteen shut?')).toBe('number');
    expect(questionType("What's the wind limit for the telehandler?")).toBe('number');
    expect(questionType('Who keeps the training records?')).toBe('who');
    expect(questionType("Where's the spill kit?")).toBe('where');
    expect(questionType('Can I lean the ladder on the gutter?')).toBe('yesno');
    expect(questionType('What mask do I wear?')).toBeNull();
  });

  it('prefers sentences that carry the kind of answer asked for', () => {
    expect(typeBonus('number', 'Keep 10 metres away.')).toBeGreaterThan(0);
    expect(typeBonus('number', 'Keep well away.')).toBe(0);
    expect(typeBonus('who', 'Training records are kept by Joe Brennan.', 'Who keeps them?')).toBe(
      1.25,
    );
    // The role the question already names is not an answer to "who".
    expect(
      typeBonus('who', 'Work needs the Site Manager approval.', 'Who is the site manager?'),
    ).toBe(0);
    expect(typeBonus('where', 'The kit is next to the bowser.')).toBeGreaterThan(0);
  });
});

describe('machines', () => {
  it('keeps a telehandler rule from answering a tower crane question', () => {
    const asked = machines('How windy before the tower crane stops?');
    expect([...asked]).toEqual(['tower crane']);
    expect(machineFactor(asked, 'Telehandlers must not lift above 28 mph.')).toBeLessThan(1);
    expect(machineFactor(asked, 'The tower crane stops at 38 mph.')).toBe(1);
    expect(machineFactor(asked, 'Stop work in high winds.')).toBe(1);
    // "digger" is an excavator.
    expect([...machines('the digger bucket')]).toEqual(['excavator']);
  });
});

describe('intros and qualifiers', () => {
  it('demotes who-must-read-it lines, not rules', () => {
    expect(introFactor('Read and signed by every member of the lifting team.')).toBeLessThan(1);
    expect(introFactor('Toolbox talk for plant operators.')).toBeLessThan(1);
    expect(introFactor('Keep spoil heaps 1 metre back.')).toBe(1);
  });

  it('knows a sentence that only qualifies the one before', () => {
    expect(qualifiesPrevious('Where it cannot be tied, a second person foots it.')).toBe(true);
    expect(qualifiesPrevious('Keep three points of contact.')).toBe(false);
  });
});

describe('passage sentences from a printed page', () => {
  const page = [
    'Northgate Civils - Riverside Quarter - Plant and Lifting Rules - Rev 4',
    'Uncontrolled when printed - page 2 of 3',
    'Daily checks',
    'Before starting a machine each day, the operator checks:',
    '- tyres or tracks for damage;',
    '- hydraulic hoses for leaks;',
    '- lights, horn and the amber beacon.',
    'Hydraulic breakers',
    '- No one uses a hand-held breaker for more than 30 minutes without a break, and trigger time is logged on the',
    'vibration record card. Anyone who uses hand-held breakers or other vibrating tools has a hand check by the',
    'Occupational Health Nurse every six months.',
  ].join('\n');
  const texts = passageSentences(page).map((s) => s.text);

  it('joins a wrapped line by its width, even when the next line starts with a capital', () => {
    expect(texts).toContain(
      'Anyone who uses hand-held breakers or other vibrating tools has a hand check by the Occupational Health Nurse every six months.',
    );
  });

  it('keeps a list with its lead-in and drops running headers and footers', () => {
    expect(texts).toContain(
      'Before starting a machine each day, the operator checks: tyres or tracks for damage; hydraulic hoses for leaks; lights, horn and the amber beacon.',
    );
    expect(texts.some((t) => /Rev 4|page 2 of 3/.test(t))).toBe(false);
  });
});

describe('the construction thesaurus', () => {
  it("matches a crew member's words to the document's", () => {
    const overlap = (q: string, s: string) => termOverlap(s, queryTerms(q)).coverage;
    expect(overlap('hoover', 'Use an M-class vacuum.')).toBe(1);
    expect(overlap('orange light', 'The amber beacon is on.')).toBe(1);
    expect(overlap('how steep', 'Cut back to an angle of 45 degrees.')).toBe(1);
    expect(overlap('ear defenders', 'Wear hearing protection.')).toBe(1);
    expect(overlap('the wagon', 'Delivery lorries wait at Gate 2.')).toBe(1);
  });

  it('reads an owner file of extra entries', () => {
    expect(parseThesaurus('# extra words\nbrickie: bricklayer, mason\nbad line\n')).toEqual({
      brickie: ['bricklayer', 'mason'],
    });
    expect(DEFAULT_THESAURUS.digger).toContain('excavator');
  });
});

describe('safety tagging', () => {
  it('takes overhead cables as power lines and a hydraulic breaker as no electrical work', () => {
    expect(safetyTopic('How close can the dumper get to the overhead cables?')).toBe(
      'live electrical work',
    );
    expect(safetyTopic('Do I need ear defenders near the breaker on the digger?')).toBeNull();
    expect(safetyTopic('Which circuit breaker feeds the cabin?')).toBe('live electrical work');
  });
});
