import type { ContentItem } from '@fieldcraft/contracts';
import { beforeEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/test-app';
import { createWorld, type World } from '../../test/world';
import { insertContentItem, replacePassages } from '../../content/content.repository';
import type { AdvisorAnswer } from './advisor.types';

// Retrieval and sentence ranking on a library shaped like real site documents: a printed
// page wrapped wherever the line ends, with a running header and intro; rules for several
// machines side by side; a text file of two passages. Both databases: the passages come back
// through PostgreSQL's full-text search.

async function fullText(answer: AdvisorAnswer): Promise<string> {
  let text = '';
  for await (const piece of answer.text) text += piece;
  return text;
}

const PLANT_PAGE = [
  'Northgate Civils - Riverside Quarter - Plant Rules - Rev 4',
  'Plant Rules',
  'Read and signed by every member of the lifting team and every plant operator before they start work on the',
  'Riverside Quarter site. Toolbox talk for plant operators.',
  'Telehandler',
  '- Telehandlers must not lift when the wind speed reaches 28 mph (12.5 m/s).',
  'Tower crane',
  '- The tower crane stops slewing and lifting when the wind speed at the jib reaches 38 mph (17 m/s).',
  'Daily checks',
  'Before starting a machine each day, the operator checks:',
  '- hydraulic hoses for leaks;',
  '- the seat belt;',
  '- lights and the amber beacon.',
  'Breakers',
  '- Anyone who uses hand-held breakers or other vibrating tools has a hand check by the',
  'Occupational Health Nurse every six months, and trigger time is logged on the vibration card.',
].join('\n');

describeEachDatabase('the Field Advisor ranks sentences', (ctx) => {
  let w: World;
  let plant: number;
  let induction: number;

  async function item(title: string, type: ContentItem['type'], pages: string[]) {
    const id = await insertContentItem(ctx.db, {
      title,
      description: '',
      category: 'read',
      type,
      url: `/api/files/${'a'.repeat(32)}.${type === 'PDF' ? 'pdf' : 'txt'}`,
    });
    await replacePassages(
      ctx.db,
      id,
      pages.map((text, i) => ({ page: i + 1, text })),
    );
    return id;
  }

  beforeEach(async () => {
    w = await createWorld(ctx);
    plant = await item('Plant rules', 'PDF', [PLANT_PAGE]);
    induction = await item('Induction notes', 'DOCUMENT', [
      'Working hours\nThe site opens at 7:00 am and closes at 6:00 pm.\nMinimum PPE: a hard hat and boots. Plasterboard goes in the covered skip.',
      'Contacts\nThe site office phone number is 0161 496 0123.',
    ]);
  });

  const ask = (question: string) =>
    ctx.app.advisor.answer({
      viewer: { id: w.user.id, role: 'USER' },
      agent: {
        id: w.agent.id,
        agentId: w.agent.agentId,
        name: w.agent.name,
        systemPrompt: w.agent.systemPrompt,
        language: 'en',
      },
      question,
      history: [],
      context: [],
      userFirstName: 'Sam',
      roomId: null,
      conversationId: null,
    });

  it("answers a tower crane question with the tower crane's rule, not the telehandler's", async () => {
    const answer = await ask('How windy can it get before the tower crane has to stop?');
    const text = await fullText(answer);
    expect(answer.citations[0]).toMatchObject({ contentId: plant, page: 1 });
    expect(text).toMatch(/^From Plant rules, page 1: The tower crane stops .* 38 mph/);
    expect(text).not.toContain('28 mph');
    expect(text).not.toContain('Read and signed');
  });

  it("finds the rule in the crew's words and keeps a list with its lead-in", async () => {
    const text = await fullText(await ask('What do I check on the digger in the morning?'));
    expect(text).toContain(
      'the operator checks: hydraulic hoses for leaks; the seat belt; lights and the amber beacon.',
    );
    const light = await fullText(await ask('When does the orange light go on?'));
    expect(light).toContain('amber beacon');
  });

  it('joins a sentence wrapped before a capitalised line', async () => {
    const text = await fullText(await ask('Who checks your hands if you use vibrating tools?'));
    expect(text).toContain('a hand check by the Occupational Health Nurse every six months');
  });

  it('names every passage of a text file of several passages the same way', async () => {
    const first = await ask('What time does the site open?');
    expect(await fullText(first)).toMatch(/^From Induction notes, part 1: The site opens at 7:00/);
    const second = await ask("What's the phone number for the site office?");
    expect(await fullText(second)).toMatch(/^From Induction notes, part 2: .*0161 496 0123/);
    expect(second.citations[0]).toMatchObject({ contentId: induction, page: 2 });
  });

  it('declines when no sentence answers, although the passage shares words', async () => {
    // "minimum" and "cover" are in the passage, in two different sentences about other things.
    const answer = await ask('What is the minimum cover for rebar in a foundation?');
    expect(answer.answered).toBe(false);
    expect(answer.citations).toEqual([]);
  });
});
