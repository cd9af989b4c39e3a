import type { ContentItem } from '@fieldcraft/contracts';
import type { Db } from '../../plugins/db';
import { insertContentItem, replacePassages } from '../../content/content.repository';

// A small library for the assistant's tests: one active item per topic, so a question either
// finds its item or nothing. Test-only (imported by *.test.ts files).

async function item(
  db: Db,
  title: string,
  type: ContentItem['type'],
  url: string | null,
  pages: string[],
  isActive = true,
): Promise<number> {
  const id = await insertContentItem(db, {
    title,
    description: '',
    category: 'read',
    type,
    url,
    isActive,
  });
  await replacePassages(
    db,
    id,
    pages.map((text, i) => ({ page: i + 1, text })),
  );
  return id;
}

export async function seedAssistantLibrary(db: Db) {
  return {
    excavation: await item(
      db,
      'Excavation guide',
      'PDF',
      '/api/files/0123456789abcdef0123456789abcdef.pdf',
      [
        'Before you dig. Call the utility locate service two working days before any excavation.',
        'Trenches and excavations.\nTrenches 5 feet (1.5 m) deep or more need a protective system: sloping, shoring or a trench box.\nA competent person inspects the trench every day before work and after rain.',
      ],
    ),
    // Switched off by the owner: never cited.
    archivedScaffold: await item(
      db,
      'Old scaffold rules',
      'WORD',
      '/api/files/fedcba9876543210fedcba9876543210.docx',
      ['Scaffold ties. Tie the scaffold to the building every 13 feet of height with a rated tie.'],
      false,
    ),
    concrete: await item(
      db,
      'Concrete notes',
      'WORD',
      '/api/files/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.docx',
      [
        'Before the pour. Check the formwork and the rebar cover.',
        'Curing. Keep the slab moist for at least seven days while it cures. Cover it with wet burlap in hot weather.',
      ],
    ),
  };
}
