import type { User } from './auth/auth.schemas';

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
