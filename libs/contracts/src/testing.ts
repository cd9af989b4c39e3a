import type { Agent } from './agents/agents.schemas';
import type { User } from './auth/auth.schemas';
import type { ContentItem } from './content/content.schemas';
import type { OwnerRoom, Room } from './rooms/rooms.schemas';
import type { OwnerUser } from './users/users.schemas';

/** A complete user object for tests; override what the test is about. */
export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 1,
    email: 'owner@example.com',
    username: 'owner',
    firstName: 'Olivia',
    lastName: 'Owner',
    role: 'OWNER',
    status: 'ACTIVE',
    passwordChangeRequired: false,
    requiresReset: false,
    companyId: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A complete owner-tools user; override what the test is about. */
export function makeOwnerUser(overrides: Partial<OwnerUser> = {}): OwnerUser {
  return {
    ...makeUser({ id: 2, email: 'user@example.com', username: 'user', role: 'USER' }),
    lastLoginAt: null,
    ...overrides,
  };
}

/** The default local agent. */
export function makeAgent(overrides: Partial<Agent> = {}): Agent {
  return { id: 1, name: 'Field Advisor', agentId: 'field-advisor', ...overrides };
}

/** A complete room as GET /api/user/rooms lists it; override what the test is about. */
export function makeRoom(overrides: Partial<Room> = {}): Room {
  return {
    id: 1,
    name: 'Site Safety Briefing',
    category: 'Safety',
    status: 'LIVE',
    description: null,
    backgroundColor: '#1a1a1a',
    badgeText: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    hasAccess: true,
    agent: { name: 'Field Advisor', agentId: 'field-advisor' },
    ...overrides,
  };
}

/** A room with members, as GET /api/owner/rooms lists it. */
export function makeOwnerRoom(overrides: Partial<OwnerRoom> = {}): OwnerRoom {
  return { ...makeRoom(), members: [], ...overrides };
}

/** A complete content item (an active NEWS row without a URL); override what the test is about. */
export function makeContentItem(overrides: Partial<ContentItem> = {}): ContentItem {
  return {
    id: 1,
    title: 'Item',
    description: 'About it',
    category: 'read',
    type: 'NEWS',
    url: null,
    isActive: true,
    createdAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}
