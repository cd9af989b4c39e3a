// Who may open and keep a conversation: the single-use signed-URL tokens, the room a
// conversation runs in, and the one query that re-checks every open conversation's access.
import { createHash, randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Agent } from '../../agents/agents.repository';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Mints a single-use token for `userId` in `roomId`; only its sha256 is stored. `sessionId`:
 * the session that asked for it, whose end ends the conversation (and the unused token).
 */
export async function mintUrlToken(
  db: Db,
  userId: number,
  roomId: number,
  ttlMs: number,
  sessionId: string | null = null,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('voice_url_tokens')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      room_id: roomId,
      session_id: sessionId,
      expires_at: new Date(Date.now() + ttlMs),
    })
    .execute();
  // Expired tokens are useless; drop them while we are here.
  await db
    .deleteFrom('voice_url_tokens')
    .where('expires_at', '<', sql<Date>`now() - interval '1 day'`)
    .execute();
  return token;
}

/** Marks the token used and returns what it binds, or undefined (unknown, used or expired). */
export async function redeemUrlToken(
  db: Db,
  token: string,
): Promise<{ userId: number; roomId: number; sessionId: string | null } | undefined> {
  if (token.length > 200) return undefined;
  const row = await db
    .updateTable('voice_url_tokens')
    .set({ used_at: sql<Date>`now()` })
    .where('token_hash', '=', hashToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['user_id', 'room_id', 'session_id'])
    .executeTakeFirst();
  return row && { userId: row.user_id, roomId: row.room_id, sessionId: row.session_id };
}

export interface RoomForVoice {
  id: number;
  name: string;
  status: 'LIVE' | 'PAUSED' | 'INACTIVE';
  agent: Agent & { allowedOverrides: string[]; outputFormat: string };
}

export async function findRoomForVoice(db: Db, roomId: number): Promise<RoomForVoice | undefined> {
  const row = await db
    .selectFrom('rooms')
    .innerJoin('agents', 'agents.id', 'rooms.agent_id')
    .select([
      'rooms.id',
      'rooms.name',
      'rooms.status',
      'agents.id as agent_pk',
      'agents.agent_id',
      'agents.name as agent_name',
      'agents.provider',
      'agents.system_prompt',
      'agents.first_message',
      'agents.language',
      'agents.voice',
      'agents.allowed_overrides',
      'agents.output_format',
    ])
    .where('rooms.id', '=', roomId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    agent: {
      id: row.agent_pk,
      agentId: row.agent_id,
      name: row.agent_name,
      provider: row.provider,
      systemPrompt: row.system_prompt,
      firstMessage: row.first_message,
      language: row.language,
      voice: row.voice,
      allowedOverrides: row.allowed_overrides,
      outputFormat: row.output_format,
    },
  };
}

export async function isRoomMember(db: Db, roomId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('room_members')
    .select('room_id')
    .where('room_id', '=', roomId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** What an open conversation stands on: re-checked while it runs (voice/runtime/access-watch.ts). */
export interface VoiceAccessKey {
  userId: number;
  /** sessions.id the socket was opened with (cookie, or the session that minted its URL). */
  sessionId: string | null;
  roomId: number;
}

export interface VoiceAccessState {
  /** The user exists and is not deactivated. */
  userActive: boolean;
  /** The session still exists and has not expired (true when there is none to check). */
  sessionValid: boolean;
  /** The user must change their password before anything else. */
  mustChangePassword: boolean;
  role: 'OWNER' | 'ADMIN' | 'USER' | null;
  /** null: the room is gone. */
  roomStatus: 'LIVE' | 'PAUSED' | 'INACTIVE' | null;
  member: boolean;
}

/**
 * The access state of every key in ONE query (each instance runs it for all of its open
 * conversations), in the order of `keys`.
 */
export async function readVoiceAccess(
  db: Db,
  keys: readonly VoiceAccessKey[],
): Promise<VoiceAccessState[]> {
  if (keys.length === 0) return [];
  const values = sql.join(
    keys.map((k, i) => sql`(${i}::int, ${k.userId}::int, ${k.sessionId}::text, ${k.roomId}::int)`),
  );
  const { rows } = await sql<{
    k: number;
    user_active: boolean;
    session_valid: boolean;
    must_change: boolean | null;
    role: VoiceAccessState['role'];
    room_status: VoiceAccessState['roomStatus'];
    member: boolean;
  }>`
    with watched (k, user_id, session_id, room_id) as (values ${values})
    select
      w.k,
      (u.id is not null and u.deactivated_at is null) as user_active,
      (w.session_id is null or exists (
        select 1 from sessions s
        where s.id = w.session_id and s.expires_at > now()
      )) as session_valid,
      (u.password_change_required or u.requires_reset or u.status = 'PENDING') as must_change,
      u.role,
      r.status as room_status,
      exists (
        select 1 from room_members m where m.room_id = w.room_id and m.user_id = w.user_id
      ) as member
    from watched w
    left join users u on u.id = w.user_id
    left join rooms r on r.id = w.room_id
  `.execute(db);
  const byKey = new Map(rows.map((r) => [Number(r.k), r]));
  return keys.map((_, i) => {
    const r = byKey.get(i);
    return {
      userActive: r?.user_active === true,
      sessionValid: r?.session_valid === true,
      mustChangePassword: r?.must_change === true,
      role: r?.role ?? null,
      roomStatus: r?.room_status ?? null,
      member: r?.member === true,
    };
  });
}
