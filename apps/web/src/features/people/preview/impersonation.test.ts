import { afterEach, describe, expect, it } from 'vitest';
import { bootstrapImpersonation } from './impersonation';

afterEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('bootstrapImpersonation', () => {
  it('stores the hand-over and removes it from the address, keeping other parameters', () => {
    window.history.replaceState(
      null,
      '',
      '/dashboard?impersonation_token=aa.bb.cc&impersonated_user=%7B%22id%22%3A5%7D&tab=2#top',
    );
    bootstrapImpersonation();
    expect(localStorage.getItem('impersonation_token')).toBe('aa.bb.cc');
    expect(localStorage.getItem('impersonated_user')).toBe('{"id":5}');
    expect(window.location.pathname + window.location.search + window.location.hash).toBe(
      '/dashboard?tab=2#top',
    );
  });

  it('clears both entries when the token is malformed', () => {
    localStorage.setItem('impersonation_token', 'old.valid.token');
    localStorage.setItem('impersonated_user', '{"id":1}');
    window.history.replaceState(null, '', '/?impersonation_token=garbage&impersonated_user=%7B%7D');
    bootstrapImpersonation();
    expect(localStorage.getItem('impersonation_token')).toBeNull();
    expect(localStorage.getItem('impersonated_user')).toBeNull();
    expect(window.location.search).toBe('');
  });

  it('leaves storage alone when the address carries no hand-over', () => {
    localStorage.setItem('impersonation_token', 'aa.bb.cc');
    window.history.replaceState(null, '', '/rooms?x=1');
    bootstrapImpersonation();
    expect(localStorage.getItem('impersonation_token')).toBe('aa.bb.cc');
    expect(window.location.search).toBe('?x=1');
  });
});
