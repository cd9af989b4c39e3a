import { describe, expect, it } from 'vitest';
import {
  CreateManagedUserBodySchema,
  ManagedUserListQuerySchema,
  ResetPasswordBodySchema,
  UpdateManagedUserBodySchema,
} from './people.schemas';

describe('people schemas', () => {
  it('reads empty list filters as "any" and companyId=none as "no company"', () => {
    expect(
      ManagedUserListQuerySchema.parse({ q: '', role: '', status: '', companyId: '' }),
    ).toEqual({
      state: 'all',
    });
    expect(ManagedUserListQuerySchema.parse({ companyId: 'none', state: 'deactivated' })).toEqual({
      companyId: 'none',
      state: 'deactivated',
    });
    expect(ManagedUserListQuerySchema.parse({ companyId: '7', q: ' Dana ' })).toEqual({
      companyId: 7,
      q: 'Dana',
      state: 'all',
    });
    expect(ManagedUserListQuerySchema.safeParse({ role: 'KING' }).success).toBe(false);
    expect(ManagedUserListQuerySchema.safeParse({ companyId: 'abc' }).success).toBe(false);
  });

  it('keeps the create-user rules and adds an optional company', () => {
    const body = {
      email: ' A@B.CO ',
      username: 'abc',
      password: 'secret-12',
      firstName: 'A',
      lastName: 'B',
    };
    expect(CreateManagedUserBodySchema.parse(body)).toMatchObject({
      email: 'a@b.co',
      role: 'USER',
      status: 'PENDING',
    });
    expect(CreateManagedUserBodySchema.parse({ ...body, companyId: null }).companyId).toBeNull();
  });

  it('edits only names, role, status and company; temporary passwords need 8 characters', () => {
    expect(UpdateManagedUserBodySchema.safeParse({ password: 'x'.repeat(10) }).success).toBe(false);
    expect(UpdateManagedUserBodySchema.parse({ companyId: null })).toEqual({ companyId: null });
    expect(ResetPasswordBodySchema.safeParse({ password: 'short' }).error?.issues[0]?.message).toBe(
      'Temporary password must be at least 8 characters',
    );
    expect(ResetPasswordBodySchema.parse({})).toEqual({});
  });
});
