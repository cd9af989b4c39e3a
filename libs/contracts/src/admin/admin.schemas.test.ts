import { describe, expect, it } from 'vitest';
import { AdminSummarySchema } from './admin.schemas';

const summary = {
  scope: { kind: 'company', companyId: 3, companyName: 'Acme Build' },
  users: { pending: 1, active: 2, deactivated: 0 },
  rooms: { live: 1, paused: 0, inactive: 0 },
  content: null,
  conversations: { count: 2, minutes: 3, since: '2026-11-15T10:00:00.000Z' },
};

describe('admin summary schema', () => {
  it("accepts an ADMIN's summary without content and an OWNER's with it", () => {
    expect(AdminSummarySchema.parse(summary)).toEqual(summary);
    const owner = {
      ...summary,
      scope: { kind: 'all', companyId: null, companyName: null },
      content: { live: 4, offline: 1 },
    };
    expect(AdminSummarySchema.parse(owner)).toEqual(owner);
  });

  it('refuses negative or fractional counts and unknown scopes', () => {
    expect(
      AdminSummarySchema.safeParse({
        ...summary,
        users: { pending: -1, active: 0, deactivated: 0 },
      }).success,
    ).toBe(false);
    expect(
      AdminSummarySchema.safeParse({
        ...summary,
        conversations: { ...summary.conversations, minutes: 1.5 },
      }).success,
    ).toBe(false);
    expect(
      AdminSummarySchema.safeParse({ ...summary, scope: { ...summary.scope, kind: 'team' } })
        .success,
    ).toBe(false);
  });
});
