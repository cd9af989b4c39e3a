import { describe, expect, it } from 'vitest';
import { isConnectionError, readOfflineUser } from './offline-user';

const user = {
  id: 4,
  email: 'user@fieldcraft.local',
  username: 'user',
  firstName: 'Uma',
  lastName: null,
  role: 'USER',
  status: 'ACTIVE',
  passwordChangeRequired: false,
  requiresReset: false,
  companyId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

function storageWith(value: string | null): Storage {
  return { getItem: () => value } as unknown as Storage;
}

describe('readOfflineUser', () => {
  it('returns the user this device last saw signed in', () => {
    expect(readOfflineUser(storageWith(JSON.stringify(user)))).toEqual(user);
  });

  it('ignores nothing stored, broken JSON and objects that are not users', () => {
    expect(readOfflineUser(storageWith(null))).toBeNull();
    expect(readOfflineUser(storageWith('{not json'))).toBeNull();
    expect(readOfflineUser(storageWith('"OWNER"'))).toBeNull();
    expect(readOfflineUser(storageWith(JSON.stringify({ role: 'OWNER' })))).toBeNull();
    expect(readOfflineUser(storageWith(JSON.stringify({ ...user, role: 'SUPERUSER' })))).toBeNull();
  });
});

describe('isConnectionError', () => {
  it('is true only for requests that never reached the server', () => {
    expect(isConnectionError({ status: 'FETCH_ERROR', message: 'Failed to fetch' })).toBe(true);
    expect(isConnectionError({ status: 503, message: '503: down' })).toBe(false);
    expect(isConnectionError(undefined)).toBe(false);
  });
});
