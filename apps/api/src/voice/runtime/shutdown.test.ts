import { afterEach, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { ensureDefaultAgent } from '../../bootstrap/bootstrap';
import { insertRoom, addRoomMember } from '../../rooms/rooms.repository';
import {
  createScratchDatabase,
  type DatabaseKind,
  describeEachDatabaseKind,
  testConfig,
} from '../../test/test-app';
import { sessionCookieFor } from '../../test/world';
import { insertUser } from '../../people/users.repository';
import { listen, TestSocket, withClockAhead } from './voice-test-kit';

describeEachDatabaseKind('voice sessions when the app closes', (kind: DatabaseKind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()?.();
  });

  it('closes open sessions with 1001 and stores them before the database closes', async () => {
    const scratch = await createScratchDatabase(kind);
    cleanups.push(scratch.drop);
    const app = await buildApp(testConfig(scratch.config));
    let closed = false;
    cleanups.push(async () => {
      if (!closed) await app.close();
    });
    const agent = await ensureDefaultAgent(app.db);
    const user = await insertUser(app.db, {
      email: 'crew@example.com',
      username: 'crew',
      firstName: 'Sam',
      lastName: null,
      role: 'USER',
      status: 'ACTIVE',
      passwordHash: 'not-used',
      passwordChangeRequired: false,
      requiresReset: false,
    });
    const roomId = await insertRoom(app.db, {
      name: 'Yard',
      category: 'Safety',
      status: 'LIVE',
      agentId: agent.id,
    });
    await addRoomMember(app.db, roomId, user.id);
    const cookie = await sessionCookieFor(app.db, user.id);
    const base = await listen(app);
    const s = await TestSocket.open(
      `${base.ws}/v1/convai/conversation?agent_id=field-advisor&room_id=${roomId}`,
      { headers: { cookie, origin: base.http } },
    );
    const metadata = await s.next('conversation_initiation_metadata');
    const id = (metadata.conversation_initiation_metadata_event as { conversation_id: string })
      .conversation_id;
    // The app closes 1.1 s later on its clock.
    await withClockAhead(1100, async () => {
      await app.close();
      closed = true;
    });
    expect(await s.closed).toEqual({ code: 1001, reason: 'Server shutting down' });
    expect(s.all('error')).toHaveLength(1);

    const again = await buildApp(testConfig(scratch.config));
    cleanups.push(() => again.close());
    const row = await again.db
      .selectFrom('conversations')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ close_code: 1001, end_reason: 'error', duration_seconds: 1 });
    expect(row.ended_at).not.toBeNull();
    // Two starts of an on-disk PGlite (migrations included) take long on a busy 2-core machine.
  }, 120_000);
});
