import { ErrorCode } from '@fieldcraft/contracts';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { AppError } from '../lib/app-error';
import type { LoginRateLimit } from '../plugins/config';

type Db = Kysely<Database>;

/** Past the account's limit, the first wait; each further failure doubles it (capped). */
export const FIRST_DELAY_SECONDS = 60;

/**
 * How a key's failures hold back the next attempt:
 * - 'delay' (an account, from untrusted devices): from the limit on, each try waits
 *   FIRST_DELAY_SECONDS × 2^(failures − limit) after the last failure, at most the window;
 *   the failures are forgotten a window after that wait ends.
 * - 'hard' (a device, an address, an address+account pair, a session): at the limit the key
 *   is locked until a window after its last failure, when its failures are forgotten.
 */
type Kind = 'delay' | 'hard';

interface Rule {
  key: string;
  limit: number;
  kind: Kind;
}

/** What a sign-in attempt was charged to: settle it with one of the functions below. */
export interface LoginTicket {
  keys: string[];
  /** Keys forgiven entirely by a success (the rest only get this attempt back). */
  forgiven: string[];
  /** True when a trusted device cookie let the attempt past the account's failures. */
  trusted: boolean;
}

export interface LoginSubject {
  email: string;
  ip: string;
  /** The nonce of a validly signed device cookie for this email, if any. */
  deviceId: string | null;
}

const accountKey = (email: string) => `account:${email}`;
const deviceKey = (id: string) => `device:${id}`;
const pairKey = (ip: string, email: string) => `pair:${ip}|${email}`;
const addressKey = (ip: string) => `address:${ip}`;
const sessionKey = (sessionId: string) => `session:${sessionId}`;
const resetKey = (ip: string) => `reset:${ip}`;

interface Row {
  key: string;
  failures: number;
  age: number;
}

/** Seconds the key still holds attempts back (0: free) and its live failure count. */
export function evaluate(
  rule: Rule,
  failures: number,
  ageSeconds: number,
  windowSeconds: number,
): { failures: number; waitSeconds: number } {
  const over = failures - rule.limit;
  const lock =
    over < 0
      ? 0
      : rule.kind === 'hard'
        ? windowSeconds
        : Math.min(windowSeconds, FIRST_DELAY_SECONDS * 2 ** over);
  const forgetAfter = rule.kind === 'hard' ? windowSeconds : lock + windowSeconds;
  if (ageSeconds >= forgetAfter) return { failures: 0, waitSeconds: 0 };
  return { failures, waitSeconds: Math.max(0, Math.ceil(lock - ageSeconds)) };
}

/** Creates the keys' rows if missing and locks them (in key order, so no deadlock). */
async function lockRows(trx: Transaction<Database>, keys: string[]): Promise<Map<string, Row>> {
  const sorted = [...keys].sort();
  await trx
    .insertInto('login_throttle')
    .values(sorted.map((key) => ({ key })))
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const rows = await trx
    .selectFrom('login_throttle')
    .select([
      'key',
      'failures',
      sql<number>`extract(epoch from (clock_timestamp() - last_failure_at))::float8`.as('age'),
    ])
    .where('key', 'in', sorted)
    .orderBy('key')
    .forUpdate()
    .execute();
  return new Map(rows.map((r) => [r.key, { ...r, age: Number(r.age) }]));
}

function tooMany(waitSeconds: number): AppError {
  const minutes = Math.ceil(waitSeconds / 60);
  return new AppError(
    429,
    ErrorCode.RATE_LIMITED,
    `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    { headers: { 'retry-after': String(waitSeconds) } },
  );
}

/**
 * Checks the rules and, when none holds the attempt back, charges it to every key as a failure,
 * in one transaction over locked rows: of N concurrent attempts at most `limit` get through.
 * Returns the wait of the strictest key that held it back (nothing charged), or null.
 */
async function checkAndCharge(
  trx: Transaction<Database>,
  rows: Map<string, Row>,
  rules: Rule[],
  windowSeconds: number,
): Promise<number | null> {
  const states = rules.map((rule) => {
    const row = rows.get(rule.key) ?? { key: rule.key, failures: 0, age: 0 };
    return { rule, ...evaluate(rule, row.failures, row.age, windowSeconds) };
  });
  const wait = Math.max(0, ...states.map((s) => s.waitSeconds));
  if (wait > 0) return wait;
  for (const s of states) {
    await trx
      .updateTable('login_throttle')
      .set({ failures: s.failures + 1, last_failure_at: sql<Date>`clock_timestamp()` })
      .where('key', '=', s.rule.key)
      .execute();
  }
  return null;
}

/**
 * The sign-in gate (docs/operating.md, "Sign-in limits"). A valid device cookie whose device
 * is under its own limit is judged by that limit alone; every other attempt by the account
 * (growing delay), the address+account pair and the address. Throws 429 RATE_LIMITED with
 * Retry-After; otherwise the attempt is already counted as a failure until settled.
 */
export async function reserveLoginAttempt(
  db: Db,
  limits: LoginRateLimit,
  subject: LoginSubject,
): Promise<LoginTicket> {
  const windowSeconds = limits.windowMinutes * 60;
  const { email, ip, deviceId } = subject;
  const untrusted: Rule[] = [
    { key: accountKey(email), limit: limits.maxFailuresPerAccount, kind: 'delay' },
    { key: pairKey(ip, email), limit: limits.maxFailuresPerAddressAndAccount, kind: 'hard' },
    { key: addressKey(ip), limit: limits.maxFailuresPerAddress, kind: 'hard' },
  ];
  type Outcome = { ticket: LoginTicket; wait?: undefined } | { wait: number };
  const outcome = await db.transaction().execute(async (trx): Promise<Outcome> => {
    if (deviceId) {
      const device: Rule = {
        key: deviceKey(deviceId),
        limit: limits.maxFailuresPerDevice,
        kind: 'hard',
      };
      const rows = await lockRows(trx, [device.key]);
      const wait = await checkAndCharge(trx, rows, [device], windowSeconds);
      if (wait === null) {
        return { ticket: { keys: [device.key], forgiven: [device.key], trusted: true } };
      }
      // A device past its limit is no longer trusted: it is judged like any other.
    }
    const keys = untrusted.map((r) => r.key);
    const rows = await lockRows(trx, keys);
    const wait = await checkAndCharge(trx, rows, untrusted, windowSeconds);
    if (wait !== null) {
      await deleteEmpty(trx, keys);
      return { wait };
    }
    return { ticket: { keys, forgiven: keys.slice(0, 2), trusted: false } };
  });
  if (outcome.wait !== undefined) throw tooMany(outcome.wait);
  return outcome.ticket;
}

/**
 * Your own password change while signed in: the current-password guesses are limited per
 * session (the device limit, hard), not per account, so failures elsewhere never stop the
 * owner of a session from changing the password.
 */
export async function reservePasswordCheck(
  db: Db,
  limits: LoginRateLimit,
  sessionId: string,
): Promise<LoginTicket> {
  const rule: Rule = {
    key: sessionKey(sessionId),
    limit: limits.maxFailuresPerDevice,
    kind: 'hard',
  };
  const wait = await db.transaction().execute(async (trx) => {
    const rows = await lockRows(trx, [rule.key]);
    return checkAndCharge(trx, rows, [rule], limits.windowMinutes * 60);
  });
  if (wait !== null) throw tooMany(wait);
  return { keys: [rule.key], forgiven: [rule.key], trusted: true };
}

/**
 * POST /api/auth/reset-password: every attempt from one address counts, whatever the token, with
 * the forgot-password limit (LOGIN_MAX_FAILURES_PER_ADDRESS_AND_ACCOUNT per window). Throws 429
 * RATE_LIMITED with Retry-After once the address is at it.
 */
export async function chargeResetAttempt(db: Db, limits: LoginRateLimit, ip: string) {
  const rule: Rule = {
    key: resetKey(ip),
    limit: limits.maxFailuresPerAddressAndAccount,
    kind: 'hard',
  };
  const wait = await db.transaction().execute(async (trx) => {
    const rows = await lockRows(trx, [rule.key]);
    return checkAndCharge(trx, rows, [rule], limits.windowMinutes * 60);
  });
  if (wait === null) return;
  const minutes = Math.ceil(wait / 60);
  throw new AppError(
    429,
    ErrorCode.RATE_LIMITED,
    `Too many requests. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    { headers: { 'retry-after': String(wait) } },
  );
}

async function deleteEmpty(db: Db, keys: string[]): Promise<void> {
  await db
    .deleteFrom('login_throttle')
    .where('key', 'in', keys)
    .where('failures', '<=', 0)
    .execute();
}

/** The password was right: forgive the account's (or device's) failures, give back the rest. */
export async function settleLoginSuccess(db: Db, ticket: LoginTicket): Promise<void> {
  if (ticket.forgiven.length > 0) {
    await db.deleteFrom('login_throttle').where('key', 'in', ticket.forgiven).execute();
  }
  const rest = ticket.keys.filter((k) => !ticket.forgiven.includes(k));
  if (rest.length > 0) await refundLoginAttempt(db, { ...ticket, keys: rest, forgiven: [] });
}

/** The attempt never got an answer (e.g. 503 from the hashing queue): it counts for nothing. */
export async function refundLoginAttempt(db: Db, ticket: LoginTicket): Promise<void> {
  await db
    .updateTable('login_throttle')
    .set((eb) => ({ failures: eb('failures', '-', 1) }))
    .where('key', 'in', ticket.keys)
    .execute();
  await deleteEmpty(db, ticket.keys);
}

/** The password was wrong: the failure is already counted; drop counters long forgotten. */
export async function settleLoginFailure(db: Db, limits: LoginRateLimit): Promise<void> {
  await db
    .deleteFrom('login_throttle')
    .where(
      'last_failure_at',
      '<',
      sql<Date>`now() - ${limits.windowMinutes * 2}::int * interval '1 minute'`,
    )
    .execute();
}
