import { describe, expect, it } from 'vitest';
import { cacheName, cachePolicy, staleCaches } from './cache-policy';

const ORIGIN = 'https://fieldcraft.example';
const PRECACHED = new Set(['/index.html', '/assets/index-abc.js', '/assets/index-abc.css', '/icons/icon-192.png']);
const req = (url: string, mode = 'cors', method = 'GET') => ({ url: new URL(url, ORIGIN).href, mode, method });

describe('cachePolicy', () => {
  it('answers page navigations on any route with the precached app shell', () => {
    for (const path of ['/', '/login', '/dashboard', '/test-room/3?session=x', '/no/such/page']) {
      expect(cachePolicy(req(path, 'navigate'), ORIGIN, PRECACHED), path).toBe('app-shell');
    }
  });

  it('serves the build’s own files from the precache', () => {
    expect(cachePolicy(req('/assets/index-abc.js'), ORIGIN, PRECACHED)).toBe('precache');
    expect(cachePolicy(req('/icons/icon-192.png'), ORIGIN, PRECACHED)).toBe('precache');
  });

  it('never caches the API, uploaded files or the voice socket, even as navigations', () => {
    for (const path of [
      '/api/auth/status',
      '/api/dashboard/content',
      '/api/files/abc.pdf',
      '/api',
      '/v1/convai/conversation?agent_id=a',
    ]) {
      expect(cachePolicy(req(path), ORIGIN, PRECACHED), path).toBe('network');
      expect(cachePolicy(req(path, 'navigate'), ORIGIN, PRECACHED), path).toBe('network');
    }
  });

  it('leaves other origins, non-GET methods, sw.js and unknown files to the network', () => {
    expect(cachePolicy(req('https://player.vimeo.com/video/1', 'navigate'), ORIGIN, PRECACHED)).toBe('network');
    expect(cachePolicy(req('/assets/index-abc.js', 'cors', 'POST'), ORIGIN, PRECACHED)).toBe('network');
    expect(cachePolicy(req('/sw.js'), ORIGIN, PRECACHED)).toBe('network');
    expect(cachePolicy(req('/assets/old-build-123.js'), ORIGIN, PRECACHED)).toBe('network');
    expect(cachePolicy({ url: 'not a url', mode: 'cors', method: 'GET' }, ORIGIN, PRECACHED)).toBe('network');
  });

  it('does not mistake look-alike paths for the API', () => {
    expect(cachePolicy(req('/apiary', 'navigate'), ORIGIN, PRECACHED)).toBe('app-shell');
    expect(cachePolicy(req('/v10', 'navigate'), ORIGIN, PRECACHED)).toBe('app-shell');
  });
});

describe('staleCaches', () => {
  it('drops every older shell cache on activate and keeps the current and foreign ones', () => {
    const names = [cacheName('old1'), cacheName('new2'), 'someone-elses-cache', cacheName('old0')];
    expect(staleCaches(names, 'new2')).toEqual([cacheName('old1'), cacheName('old0')]);
    expect(staleCaches([cacheName('new2')], 'new2')).toEqual([]);
  });
});
