import type { Kysely } from 'kysely';
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

const DEMO_ROOMS: Omit<NewRoom, 'agentId'>[] = [
  {
    name: 'Site Safety Briefing',
    category: 'Safety',
    status: 'LIVE',
    description: 'Daily hazards, PPE and toolbox talks with the Field Advisor.',
    backgroundColor: '#1a1a1a',
    badgeText: 'LIVE',
  },
  {
    name: 'Concrete & Formwork',
    category: 'Training',
    status: 'PAUSED',
    description: 'Pours, curing and formwork questions.',
    backgroundColor: '#1a1a1a',
  },
  {
    name: 'Estimating Clinic',
    category: 'Business',
    status: 'INACTIVE',
    description: 'Takeoffs, bids and change orders.',
    backgroundColor: '#1a1a1a',
  },
];

// Only types that need no uploaded file; file-backed demo items arrive with uploads.
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

/**
 * SEED_DEMO=1: demo accounts, one room per status with the Field Advisor, and content that
 * needs no files. Idempotent: anything already present (by email, room name, title) is kept.
 */
export async function seedDemo(db: Db, agent: Agent): Promise<void> {
  const userIds: number[] = [];
  for (const account of DEMO_ACCOUNTS) {
    let found = await findCredentialsByEmail(db, account.email);
    if (!found) {
      await insertUserIfAbsent(db, { ...account, passwordHash: await hashPassword(DEMO_PASSWORD) });
      found = await findCredentialsByEmail(db, account.email);
    }
    if (found) userIds.push(found.user.id);
  }

  for (const room of DEMO_ROOMS) {
    const roomId =
      (await findRoomIdByName(db, room.name)) ??
      (await insertRoom(db, { ...room, agentId: agent.id }));
    for (const userId of userIds) await addRoomMember(db, roomId, userId);
  }

  for (const item of DEMO_CONTENT) {
    const contentId =
      (await findContentIdByTitle(db, item.title)) ?? (await insertContentItem(db, item));
    for (const userId of userIds) await setContentPermission(db, contentId, userId, true);
  }
}
