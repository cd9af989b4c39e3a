import type { User } from '@fieldcraft/contracts';
import type { IncomingMessage } from 'node:http';
import type { Db } from '../../plugins/db';
import { mustChangePassword, SESSION_COOKIE } from '../../plugins/session';
import { findActiveSession } from '../../auth/sessions.repository';
import { findCredentialsById } from '../../people/users.repository';
import { sessionIdFromToken } from '../../lib/session-token';
import {
  findRoomForVoice,
  isRoomMember,
  redeemUrlToken,
  type RoomForVoice,
} from './voice-access.repository';

// Who may open /v1/convai/conversation (docs/voice-runtime.md "Access"). Every refusal is a
// reason string: the socket is accepted and closed 1008 with it, so the client can show it.

export class VoiceRefusal extends Error {
  override name = 'VoiceRefusal';
  constructor(
    message: string,
    readonly code = 1008,
  ) {
    super(message);
  }
}

export interface VoiceIdentity {
  user: User;
  /** Set when a signed URL was used: the room it was minted for. */
  boundRoomId: number | null;
  via: 'token' | 'cookie';
  /**
   * sessions.id the conversation stands on: the cookie's session, or the session that minted
   * the signed URL (null for URLs minted before that was recorded). Its end ends the talk.
   */
  sessionId: string | null;
}

function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/**
 * Cross-site websocket hijacking guard for cookie-authenticated sockets: a browser always
 * sends Origin on a websocket handshake, and it must be this app's own origin (or one of
 * TRUSTED_ORIGINS). No Origin at all is a non-browser client, which a cookie cannot be stolen by.
 */
export function isForeignOrigin(
  request: IncomingMessage,
  trustedOrigins: readonly string[],
  trustProxy: boolean,
): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  if (trustedOrigins.includes(origin)) return false;
  const forwarded = request.headers['x-forwarded-host'];
  const host =
    trustProxy && typeof forwarded === 'string' && forwarded
      ? forwarded.split(',')[0]?.trim()
      : request.headers.host;
  if (!host) return true;
  try {
    const from = new URL(origin);
    const self = new URL(`${from.protocol}//${host}`);
    return from.host !== self.host;
  } catch {
    return true;
  }
}

/** Step 1, at the handshake: who is this (signed-URL token, else the session cookie)? */
export async function identify(
  db: Db,
  request: IncomingMessage,
  url: URL,
  options: { trustedOrigins: readonly string[]; trustProxy: boolean },
): Promise<VoiceIdentity> {
  const token = url.searchParams.get('token') ?? url.searchParams.get('conversation_signature');
  if (token !== null) {
    const bound = await redeemUrlToken(db, token);
    if (!bound) throw new VoiceRefusal('This signed URL is invalid, expired or already used');
    const found = await findCredentialsById(db, bound.userId);
    if (!found || found.deactivated) throw new VoiceRefusal('This account cannot talk here');
    if (mustChangePassword(found.user)) {
      throw new VoiceRefusal('You must change your password before continuing');
    }
    return {
      user: found.user,
      boundRoomId: bound.roomId,
      via: 'token',
      sessionId: bound.sessionId,
    };
  }
  const cookie = readCookie(request.headers.cookie, SESSION_COOKIE);
  if (!cookie || cookie.length > 128) {
    throw new VoiceRefusal('Authentication required: sign in or use a signed URL');
  }
  if (isForeignOrigin(request, options.trustedOrigins, options.trustProxy)) {
    throw new VoiceRefusal('Cross-site connection refused');
  }
  const found = await findActiveSession(db, sessionIdFromToken(cookie));
  if (!found) throw new VoiceRefusal('Authentication required: your session has ended');
  if (mustChangePassword(found.user)) {
    throw new VoiceRefusal('You must change your password before continuing');
  }
  return { user: found.user, boundRoomId: null, via: 'cookie', sessionId: found.session.id };
}

/**
 * Step 2, once the initiation frame is in (room_id may be a dynamic variable): the room, its
 * agent and the caller's right to talk there.
 */
export async function authorizeRoom(
  db: Db,
  identity: VoiceIdentity,
  requested: { roomId: string | null; agentId: string | null },
): Promise<RoomForVoice> {
  let roomId = identity.boundRoomId;
  if (roomId === null) {
    if (requested.roomId === null) throw new VoiceRefusal('room_id is required');
    if (!/^\d{1,9}$/.test(requested.roomId)) throw new VoiceRefusal('room_id must be a number');
    roomId = Number(requested.roomId);
  } else if (requested.roomId !== null && requested.roomId !== String(roomId)) {
    throw new VoiceRefusal('This signed URL was issued for another room');
  }
  const room = await findRoomForVoice(db, roomId);
  const { user } = identity;
  const isOwner = user.role === 'OWNER';
  // Same answer for a room that does not exist and one the caller is not in: no guessing.
  if (!room || (!isOwner && !(await isRoomMember(db, room.id, user.id)))) {
    throw new VoiceRefusal('Room not found or you are not a member of it');
  }
  if (!isOwner && room.status !== 'LIVE') {
    throw new VoiceRefusal(`This room is ${room.status.toLowerCase()}; conversations are closed`);
  }
  if (requested.agentId !== null && requested.agentId !== room.agent.agentId) {
    throw new VoiceRefusal("This agent is not the room's agent");
  }
  if (room.agent.provider !== 'local') {
    throw new VoiceRefusal(
      'This agent runs on ElevenLabs: connect with the signed URL from the API',
    );
  }
  return room;
}
