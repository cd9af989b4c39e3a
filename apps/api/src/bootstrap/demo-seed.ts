import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FileStorage } from '../lib/storage';
import { fileUrl, indexContentText } from '../routes/content/content.service';
import type { Database } from '../db/schema';
import { hashPassword } from '../lib/passwords';
import type { Agent } from '../routes/agents/agents.repository';
import {
  findContentIdByTitle,
  insertContentItem,
  type NewContentItem,
  setContentPermission,
} from '../routes/content/content.repository';
import {
  addRoomMember,
  findRoomIdByName,
  insertRoom,
  type NewRoom,
} from '../routes/rooms/rooms.repository';
import {
  findCredentialsByEmail,
  insertUserIfAbsent,
  type NewUser,
} from '../routes/users/users.repository';

type Db = Kysely<Database>;

/** Documented in apps/api/README.md; for demos and tests only. */
export const DEMO_PASSWORD = 'fieldcraft-demo';

export const DEMO_ACCOUNTS: Omit<NewUser, 'passwordHash'>[] = [
  {
    email: 'user@fieldcraft.local',
    username: 'demo-user',
    firstName: 'Dana',
    lastName: 'Fielding',
    role: 'USER',
    status: 'ACTIVE',
  },
  {
    email: 'admin@fieldcraft.local',
    username: 'demo-admin',
    firstName: 'Alex',
    lastName: 'Admin',
    role: 'ADMIN',
    status: 'ACTIVE',
  },
];

type DemoRoom = Omit<NewRoom, 'agentId'> & {
  /** Demo accounts (by email) assigned when the seed creates the room. */
  members: string[];
};

const DEMO_USER = 'user@fieldcraft.local';
const DEMO_ADMIN = 'admin@fieldcraft.local';

// Every status, several categories, and each demo account in some rooms but not all, so the
// rooms screen's filters, hints and "only your rooms" rule all have something to show.
const DEMO_ROOMS: DemoRoom[] = [
  {
    name: 'Site Safety Briefing',
    category: 'Safety',
    status: 'LIVE',
    description: 'Daily hazards, PPE and toolbox talks with the Field Advisor.',
    backgroundColor: '#1a1a1a',
    badgeText: 'LIVE',
    members: [DEMO_USER, DEMO_ADMIN],
  },
  {
    name: 'Concrete & Formwork',
    category: 'Training',
    status: 'PAUSED',
    description: 'Pours, curing and formwork questions.',
    backgroundColor: '#1a1a1a',
    members: [DEMO_USER],
  },
  {
    name: 'Estimating Clinic',
    category: 'Business',
    status: 'INACTIVE',
    description: 'Takeoffs, bids and change orders.',
    backgroundColor: '#1a1a1a',
    members: [DEMO_USER, DEMO_ADMIN],
  },
  {
    name: 'Crane & Rigging Q&A',
    category: 'Equipment',
    status: 'LIVE',
    description: 'Lift plans, rigging hardware and signals.',
    backgroundColor: '#1a1a1a',
    badgeText: 'NEW',
    members: [DEMO_ADMIN],
  },
  {
    name: 'New Hire Orientation',
    category: 'Training',
    status: 'LIVE',
    description: 'First week on site: who does what, and where to find it.',
    backgroundColor: '#1a1a1a',
    members: [DEMO_USER],
  },
  {
    name: 'Superintendents Roundtable',
    category: 'Leadership',
    status: 'PAUSED',
    description: 'Scheduling, crews and subcontractor coordination.',
    backgroundColor: '#1a1a1a',
    members: [],
  },
];

// Items that need no uploaded file.
const DEMO_CONTENT: NewContentItem[] = [
  {
    title: 'Welcome to the Fieldcraft beta',
    description: 'What is in the library, how rooms work, and who to call for help.',
    category: 'read',
    type: 'NEWS',
    url: 'https://www.osha.gov/news/newsreleases',
  },
  {
    title: 'OSHA construction industry resources',
    description: 'Official standards and guidance for construction sites.',
    category: 'read',
    type: 'LINK',
    url: 'https://www.osha.gov/construction',
  },
  {
    title: 'Fall protection walkthrough',
    description: 'A short video on anchors, harnesses and guardrails.',
    category: 'watch',
    type: 'VIMEO',
    url: 'https://vimeo.com/76979871',
  },
];

/** File-backed demo items: small real files shipped beside this module (demo-files/). */
const DEMO_FILE_CONTENT: (Omit<NewContentItem, 'url' | 'fileKey'> & { file: string })[] = [
  {
    title: 'Site safety checklist',
    description: 'A two-page checklist: PPE, scaffolding and fall protection.',
    category: 'read',
    type: 'PDF',
    file: 'site-safety-checklist.pdf',
  },
  {
    title: 'Concrete pour procedure',
    description: 'Before, during and after the pour, including curing.',
    category: 'read',
    type: 'WORD',
    file: 'concrete-pour-procedure.docx',
  },
  {
    title: 'Daily report template',
    description: 'What every daily report should record.',
    category: 'read',
    type: 'DOCUMENT',
    file: 'daily-report-template.txt',
  },
  {
    title: 'Crane hand signals',
    description: 'A short clip for the rigging crew.',
    category: 'watch',
    type: 'VIDEO',
    file: 'crane-signals.mp4',
  },
  {
    title: 'Toolbox talk: hearing protection',
    description: "A one-second tone standing in for this week's toolbox talk.",
    category: 'listen',
    type: 'AUDIO',
    file: 'toolbox-talk.wav',
  },
];

/** Next to this module in the sources; next to main.mjs in the build (project.json copies it). */
const DEMO_FILES_DIR = fileURLToPath(new URL('./demo-files/', import.meta.url));

/**
 * SEED_DEMO=1: demo accounts, rooms in every status with the Field Advisor, and content that
 * needs no files. Idempotent: anything already present (by email, room name, title) is kept,
 * and memberships are only given to rooms the seed creates, so an owner's later changes to
 * who is in a demo room survive the next start.
 */
export async function seedDemo(
  db: Db,
  agent: Agent,
  storage?: FileStorage,
  log?: FastifyBaseLogger,
): Promise<void> {
  const userIds = new Map<string, number>();
  for (const account of DEMO_ACCOUNTS) {
    let found = await findCredentialsByEmail(db, account.email);
    if (!found) {
      await insertUserIfAbsent(db, { ...account, passwordHash: await hashPassword(DEMO_PASSWORD) });
      found = await findCredentialsByEmail(db, account.email);
    }
    if (found) userIds.set(account.email, found.user.id);
  }

  for (const { members, ...room } of DEMO_ROOMS) {
    if ((await findRoomIdByName(db, room.name)) !== undefined) continue;
    const roomId = await insertRoom(db, { ...room, agentId: agent.id });
    for (const email of members) {
      const userId = userIds.get(email);
      if (userId !== undefined) await addRoomMember(db, roomId, userId);
    }
  }

  const noLog = { warn: () => undefined } as unknown as FastifyBaseLogger;
  for (const item of DEMO_CONTENT) {
    let contentId = await findContentIdByTitle(db, item.title);
    if (contentId === undefined) {
      contentId = await insertContentItem(db, item);
      // NEWS is searchable by its title and description.
      if (storage) {
        await indexContentText(db, storage, log ?? noLog, {
          ...item,
          id: contentId,
          fileKey: null,
        });
      }
    }
    for (const userId of userIds.values()) await setContentPermission(db, contentId, userId, true);
  }

  if (!storage) return;
  for (const { file, ...item } of DEMO_FILE_CONTENT) {
    if ((await findContentIdByTitle(db, item.title)) !== undefined) continue;
    const source = path.join(DEMO_FILES_DIR, file);
    if (!existsSync(source)) {
      log?.warn({ file: source }, 'demo file missing; skipping its demo item');
      continue;
    }
    const temp = await storage.writeTemp(createReadStream(source));
    const fileKey = await temp.commit(path.extname(file).slice(1));
    const id = await insertContentItem(db, { ...item, url: fileUrl(fileKey), fileKey });
    for (const userId of userIds.values()) await setContentPermission(db, id, userId, true);
    await indexContentText(db, storage, log ?? noLog, { ...item, id, fileKey });
  }
}
