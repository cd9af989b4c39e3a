// @vitest-environment node
// The server's first view, rendered as the API renders it: in Node, no DOM, no storage.
import type { ContentItem, UserDashboard } from '@fieldcraft/contracts';
import { makeContentItem, makeUser } from '@fieldcraft/contracts/testing';
import { describe, expect, it } from 'vitest';
import { loadPagesFirst } from '../testing/load-pages-first';
import { firstViewSources, renderFirstView } from './entry-server';

const item = (overrides: Partial<ContentItem>) =>
  makeContentItem({ category: 'watch', type: 'VIDEO', url: '/api/files/a.mp4', ...overrides });

const summary: UserDashboard = {
  rooms: [],
  newContent: [],
  newContentCount: 3,
  recentConversations: [],
  lastVisitAt: null,
};
const dana = makeUser({ id: 7, role: 'USER', firstName: 'Dana', email: 'dana@example.com' });

function answers(
  user = dana,
  content: ContentItem[] = [item({ id: 1, title: 'Crane hand signals' })],
) {
  return {
    getAuthStatus: { isAuthenticated: true, user },
    getDashboardContent: content,
    getUserDashboard: summary,
    getLoginStats: { loginCount: 5, lastLoginAt: null },
  };
}

/** The page's visible text, tags and style elements removed. */
const text = (html: string) =>
  html
    .replace(/<style[^>]*>[^<]*<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

// The first render would otherwise load the dashboard's lazy chunks inside its 2 s limit, which
// a busy machine overran once.
loadPagesFirst('signedInShell', 'dashboard', 'savedOffline');

describe('renderFirstView', () => {
  it('asks for exactly the four answers the dashboard starts from', () => {
    expect(firstViewSources).toEqual({
      getAuthStatus: '/api/auth/status',
      getDashboardContent: '/api/dashboard/content',
      getUserDashboard: '/api/user/dashboard',
      getLoginStats: '/api/user/login-stats',
    });
  });

  it('draws the signed-in dashboard with its lists, and the answers as a data block', async () => {
    const view = await renderFirstView({ url: '/dashboard', answers: answers(), outdoor: false });
    expect(view).not.toBeNull();
    const { root, data } = view as NonNullable<typeof view>;
    expect(root.startsWith('<div id="root" data-first-view="server">')).toBe(true);
    expect(text(root)).toContain('Welcome back, Dana');
    expect(text(root)).toContain('Crane hand signals');
    expect(text(root)).not.toContain('Loading...');
    // Nothing the CSP (script-src 'self') would refuse: no inline script in the drawn page.
    expect(root).not.toMatch(/<script/i);
    expect(data).toMatch(/^<script type="application\/json" id="fieldcraft-first-view">/);
    const json = JSON.parse(data.replace(/^<script[^>]*>/, '').replace(/<\/script>$/, ''));
    expect(json).toMatchObject({ v: 1, userId: 7, data: answers() });
  });

  it('styles the page with standard properties only: no vendor-prefixed copies', async () => {
    const root =
      (await renderFirstView({ url: '/dashboard', answers: answers(), outdoor: false }))?.root ??
      '';
    const css = [...root.matchAll(/<style[^>]*>([^<]*)<\/style>/g)].map((m) => m[1]).join('');
    expect(css).toContain('display:flex');
    // The stylis prefixer would write e.g. -webkit-box-align and -ms-flexbox beside them (what
    // prefixes remain are the components' own, such as -webkit-line-clamp).
    expect(css).not.toMatch(
      /-ms-flex|-webkit-box-align|-webkit-align-items|-webkit-flex-direction/,
    );
    // Every class the markup names is styled in the page (Emotion's css-<hash> classes; css-0 is
    // its name for no styles).
    const used = new Set(
      [...root.matchAll(/class="([^"]*)"/g)]
        .flatMap((m) => (m[1] ?? '').split(' '))
        .filter((c) => /^css-/.test(c) && c !== 'css-0'),
    );
    expect(used.size).toBeGreaterThan(10);
    for (const name of used) expect(css, name).toContain(`.${name}`);
  });

  it('draws / like /dashboard for a signed-in user', async () => {
    const view = await renderFirstView({ url: '/', answers: answers(), outdoor: false });
    expect(text(view?.root ?? '')).toContain('Welcome back, Dana');
  });

  it('draws the outdoor theme when the device chose it', async () => {
    const standard = await renderFirstView({
      url: '/dashboard',
      answers: answers(),
      outdoor: false,
    });
    const outdoor = await renderFirstView({ url: '/dashboard', answers: answers(), outdoor: true });
    expect(outdoor?.root).not.toEqual(standard?.root);
    expect(text(outdoor?.root ?? '')).toContain('Welcome back, Dana');
  });

  it('draws nothing for other pages, signed-out answers or a password change due', async () => {
    expect(await renderFirstView({ url: '/rooms', answers: answers(), outdoor: false })).toBeNull();
    expect(
      await renderFirstView({
        url: '/dashboard',
        answers: { ...answers(), getAuthStatus: { isAuthenticated: false, user: null } },
        outdoor: false,
      }),
    ).toBeNull();
    expect(
      await renderFirstView({
        url: '/dashboard',
        answers: answers({ ...dana, passwordChangeRequired: true }),
        outdoor: false,
      }),
    ).toBeNull();
  });

  it('keeps markup in titles as text, in the page and in the data block', async () => {
    const evil = '</script><script>alert(1)</script><!--';
    const view = await renderFirstView({
      url: '/dashboard',
      answers: answers(dana, [item({ id: 2, title: evil })]),
      outdoor: false,
    });
    const { root, data } = view as NonNullable<typeof view>;
    expect(root).not.toContain('<script>alert(1)');
    expect(text(root)).toContain('&lt;/script&gt;');
    // The data block ends exactly once, at its own end, and still parses back to the title.
    expect(data.match(/<\/script/gi)).toHaveLength(1);
    expect(data).not.toContain('<!--');
    const json = JSON.parse(data.replace(/^<script[^>]*>/, '').replace(/<\/script>$/, ''));
    expect(json.data.getDashboardContent[0].title).toBe(evil);
  });
});
