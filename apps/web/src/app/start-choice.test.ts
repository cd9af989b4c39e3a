import { makeUser } from '@fieldcraft/contracts/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { startsPublic } from './start-choice';

afterEach(() => {
  localStorage.clear();
  document.body.innerHTML = '';
});

const at = (pathname: string) => ({ pathname });

describe('which app main.tsx starts', () => {
  it('the light public app for a new visitor on the landing or sign-in page', () => {
    expect(startsPublic(at('/'))).toBe(true);
    expect(startsPublic(at('/login'))).toBe(true);
  });

  it('the whole app for every other address', () => {
    expect(startsPublic(at('/dashboard'))).toBe(false);
    expect(startsPublic(at('/rooms'))).toBe(false);
    expect(startsPublic(at('/no-such-page'))).toBe(false);
  });

  it('the whole app when this device remembers a user, or impersonates', () => {
    localStorage.setItem('user', JSON.stringify(makeUser()));
    expect(startsPublic(at('/'))).toBe(false);
    localStorage.clear();
    localStorage.setItem('impersonation_token', 'header.payload.signature');
    expect(startsPublic(at('/login'))).toBe(false);
  });

  it('the whole app over a first view the server drew', () => {
    document.body.innerHTML =
      '<script type="application/json" id="fieldcraft-first-view">{}</script>';
    expect(startsPublic(at('/'))).toBe(false);
  });
});
