import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  type ImpersonationClaims,
  signImpersonationToken,
  verifyImpersonationToken,
} from './impersonation-token';

const SECRET = 'a-test-secret-that-is-long-enough-123';
const now = 1_800_000_000;
const claims: ImpersonationClaims = {
  act: 1,
  sub: 2,
  sid: 'sid',
  iat: now,
  exp: now + 600,
  jti: 'j1',
};
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

describe('impersonation tokens', () => {
  it('round-trips: three dot-separated segments that verify with the same secret', () => {
    const token = signImpersonationToken(SECRET, claims);
    expect(token.split('.')).toHaveLength(3);
    expect(verifyImpersonationToken(SECRET, token, now)).toEqual(claims);
  });

  it('rejects another secret, a tampered payload or signature, expiry, and over-long lifetimes', () => {
    const token = signImpersonationToken(SECRET, claims);
    const [h, p, s] = token.split('.') as [string, string, string];
    expect(verifyImpersonationToken('another-secret-another-secret-1234', token, now)).toBeNull();
    expect(
      verifyImpersonationToken(SECRET, `${h}.${b64({ ...claims, sub: 3 })}.${s}`, now),
    ).toBeNull();
    const flipped = `${s.slice(0, -2)}${s.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(verifyImpersonationToken(SECRET, `${h}.${p}.${flipped}`, now)).toBeNull();
    expect(verifyImpersonationToken(SECRET, token, now + 600)).toBeNull();
    const long = signImpersonationToken(SECRET, { ...claims, exp: now + 31 * 60 });
    expect(verifyImpersonationToken(SECRET, long, now)).toBeNull();
  });

  it('never throws on junk, and refuses "alg: none"', () => {
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
    for (const junk of [
      '',
      'a',
      'a.b',
      'a.b.c',
      'a.b.c.d',
      '...',
      '%%%.%%%.%%%',
      'x'.repeat(5000),
      none,
    ]) {
      expect(verifyImpersonationToken(SECRET, junk, now)).toBeNull();
    }
    const header = signImpersonationToken(SECRET, claims).split('.')[0];
    // Correct header and a valid signature over a payload that is not JSON / lacks claims.
    for (const payload of [Buffer.from('not json').toString('base64url'), b64({ act: '1' })]) {
      const sig = createHmac('sha256', SECRET).update(`${header}.${payload}`).digest('base64url');
      expect(verifyImpersonationToken(SECRET, `${header}.${payload}.${sig}`, now)).toBeNull();
    }
  });
});
