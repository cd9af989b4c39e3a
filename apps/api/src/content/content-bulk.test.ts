import type { ContentItem } from '@fieldcraft/contracts';
import { beforeEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../test/test-app';
import { createWorld, type World } from '../test/world';

// The content table's bulk actions: one request over many items, in one transaction.
describeEachDatabase('content bulk actions', (ctx) => {
  let w: World;
  beforeEach(async () => {
    w = await createWorld(ctx);
  });

  /** As the OWNER unless another cookie is given; null: signed out. */
  const bulk = (payload: object, cookie: string | null | undefined = w.cookies.OWNER) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/dashboard/content/bulk',
      headers: cookie ? { cookie } : {},
      payload,
    });

  async function create(title: string): Promise<ContentItem> {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/content/create-metadata',
      headers: { cookie: w.cookies.OWNER },
      payload: {
        title,
        description: 'About it',
        category: 'read',
        type: 'LINK',
        url: 'https://example.com/x',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }
  const dashboardTitles = async (cookie: string | undefined) =>
    (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/dashboard/content',
        headers: cookie ? { cookie } : {},
      })
    )
      .json()
      .map((i: { title: string }) => i.title)
      .sort();

  it('takes three items offline in one action, and back live; the crew sees the change', async () => {
    const items = await Promise.all(['One', 'Two', 'Three', 'Four'].map(create));
    const three = items.slice(0, 3).map((i) => i.id);

    const off = await bulk({ action: 'take-offline', ids: three });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ action: 'take-offline', changed: 3, missing: [] });
    expect(await dashboardTitles(w.cookies.USER)).toEqual(['Four']);

    // Already offline: nothing changes, nothing is audited again.
    expect((await bulk({ action: 'take-offline', ids: three })).json().changed).toBe(0);
    const audited = await ctx.db
      .selectFrom('audit_log')
      .select(['action', 'target_id', 'details'])
      .where('action', '=', 'content.update')
      .execute();
    expect(audited).toHaveLength(3);
    expect(audited[0]?.details).toMatchObject({ isActive: false, bulk: true });

    expect((await bulk({ action: 'go-live', ids: three })).json().changed).toBe(3);
    expect(await dashboardTitles(w.cookies.USER)).toEqual(['Four', 'One', 'Three', 'Two']);
  });

  it('revokes and grants one user over many items', async () => {
    const [a, b] = await Promise.all(['Alpha', 'Beta'].map(create));
    const ids = [a?.id ?? 0, b?.id ?? 0];
    const revoked = await bulk({ action: 'revoke', ids, userId: w.user.id });
    expect(revoked.json()).toEqual({ action: 'revoke', changed: 2, missing: [] });
    expect(await dashboardTitles(w.cookies.USER)).toEqual([]);
    expect(await dashboardTitles(w.cookies.ADMIN)).toEqual(['Alpha', 'Beta']);
    await bulk({ action: 'grant', ids: [ids[0]], userId: w.user.id });
    expect(await dashboardTitles(w.cookies.USER)).toEqual(['Alpha']);
  });

  it('deletes the selection and reports ids that were already gone', async () => {
    const [a, b] = await Promise.all(['Alpha', 'Beta'].map(create));
    const res = await bulk({ action: 'delete', ids: [a?.id, b?.id, 999_999] });
    expect(res.json()).toEqual({ action: 'delete', changed: 2, missing: [999_999] });
    expect(await ctx.db.selectFrom('content_items').select('id').execute()).toEqual([]);
  });

  it('refuses bad bodies with the error shape, and non-owners with 403', async () => {
    const item = await create('Alpha');
    const cases: [object, string][] = [
      [{ action: 'grant', ids: [item.id] }, 'userId'],
      [{ action: 'delete', ids: [item.id], userId: w.user.id }, 'userId'],
      [{ action: 'take-offline', ids: [] }, 'ids'],
      [{ action: 'explode', ids: [item.id] }, 'action'],
    ];
    for (const [payload, field] of cases) {
      const res = await bulk(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(Object.keys(res.json().issues.fieldErrors)).toContain(field);
    }
    const unknownUser = await bulk({ action: 'grant', ids: [item.id], userId: 999_999 });
    expect(unknownUser.statusCode).toBe(404);
    for (const cookie of [w.cookies.ADMIN, w.cookies.USER]) {
      expect((await bulk({ action: 'delete', ids: [item.id] }, cookie)).statusCode).toBe(403);
    }
    expect((await bulk({ action: 'delete', ids: [item.id] }, null)).statusCode).toBe(401);
    expect(await dashboardTitles(w.cookies.USER)).toEqual(['Alpha']);
  });
});
