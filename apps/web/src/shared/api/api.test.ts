import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server, setupMswServer } from '../../testing/msw-server';
import { api, baseQuery, serverErrorDetail, uniqueEndpoints, type ApiQueryError } from './api';
import { makeStore } from '../../app/store';

setupMswServer();

const probeApi = api.injectEndpoints({
  endpoints: (build) => ({
    probe: build.query<unknown, void>({ query: () => '/api/probe' }),
    probeSave: build.mutation<unknown, { name: string }>({
      query: (body) => ({ url: '/api/probe', method: 'POST', body }),
    }),
  }),
});

/** Run the base query the way RTK Query does and capture the request it sent. */
async function send(args: Parameters<typeof baseQuery>[0]) {
  let seen: Request | undefined;
  server.use(
    http.all('/api/probe', ({ request }) => {
      seen = request.clone();
      return HttpResponse.json({ ok: true });
    }),
  );
  const store = makeStore();
  const result = await baseQuery(
    args,
    {
      signal: new AbortController().signal,
      dispatch: store.dispatch,
      getState: store.getState,
    } as never,
    {},
  );
  return { seen: seen as Request, result };
}

describe('base query', () => {
  it('sends the stored role as user-role and includes credentials', async () => {
    localStorage.setItem('user', JSON.stringify({ id: 1, role: 'ADMIN' }));
    const { seen, result } = await send('/api/probe');
    expect(seen.headers.get('user-role')).toBe('ADMIN');
    expect(seen.credentials).toBe('include');
    expect(seen.headers.get('x-impersonation-token')).toBeNull();
    expect(result).toEqual({ data: { ok: true } });
  });

  it('sends no user-role header when nothing is stored', async () => {
    const { seen } = await send('/api/probe');
    expect(seen.headers.get('user-role')).toBeNull();
  });

  it('sends a well-formed impersonation token', async () => {
    localStorage.setItem('impersonation_token', 'aaa.bbb.ccc');
    localStorage.setItem('impersonated_user', '{"id":4}');
    const { seen } = await send('/api/probe');
    expect(seen.headers.get('x-impersonation-token')).toBe('aaa.bbb.ccc');
    expect(localStorage.getItem('impersonated_user')).toBe('{"id":4}');
  });

  it('drops a malformed impersonation token and its user instead of sending them', async () => {
    localStorage.setItem('impersonation_token', 'not-a-jwt');
    localStorage.setItem('impersonated_user', '{"id":4}');
    const { seen } = await send('/api/probe');
    expect(seen.headers.get('x-impersonation-token')).toBeNull();
    expect(localStorage.getItem('impersonation_token')).toBeNull();
    expect(localStorage.getItem('impersonated_user')).toBeNull();
  });

  it('serialises an object body as JSON', async () => {
    const { seen } = await send({ url: '/api/probe', method: 'POST', body: { name: 'Crew A' } });
    expect(seen.method).toBe('POST');
    expect(seen.headers.get('content-type')).toBe('application/json');
    expect(await seen.json()).toEqual({ name: 'Crew A' });
  });

  it("words errors '{status}: {body text}' and keeps the parsed body", async () => {
    server.use(
      http.get('/api/probe', () =>
        HttpResponse.json({ error: 'Room not found', code: 'ROOM_NOT_FOUND' }, { status: 404 }),
      ),
    );
    const store = makeStore();
    const result = await store.dispatch(probeApi.endpoints.probe.initiate());
    const error = result.error as ApiQueryError;
    expect(error.status).toBe(404);
    expect(error.message).toBe('404: {"error":"Room not found","code":"ROOM_NOT_FOUND"}');
    expect(serverErrorDetail(error)).toBe('Room not found');
  });

  it('uses the status text when the error body is empty', async () => {
    server.use(
      http.get(
        '/api/probe',
        () => new HttpResponse(null, { status: 503, statusText: 'Service Unavailable' }),
      ),
    );
    const store = makeStore();
    const result = await store.dispatch(probeApi.endpoints.probe.initiate());
    expect((result.error as ApiQueryError).message).toBe('503: Service Unavailable');
  });

  it('toasts a failed query with its message but leaves failed mutations to their forms', async () => {
    server.use(http.all('/api/probe', () => new HttpResponse('boom', { status: 500 })));
    const store = makeStore();
    await store.dispatch(probeApi.endpoints.probeSave.initiate({ name: 'x' }));
    expect(store.getState().toasts.toasts).toHaveLength(0);

    await store.dispatch(probeApi.endpoints.probe.initiate());
    expect(store.getState().toasts.toasts).toEqual([
      expect.objectContaining({ variant: 'destructive', title: 'Error', description: '500: boom' }),
    ]);
  });
});

describe('endpoint names', () => {
  it('a second feature naming an endpoint like another fails at once instead of replacing it', () => {
    // What the app loads: every feature's endpoints, and the probe above.
    expect(Object.keys(api.endpoints)).toContain('probe');
    expect(() =>
      api.injectEndpoints({
        overrideExisting: uniqueEndpoints,
        endpoints: (build) => ({
          probe: build.query<unknown, void>({ query: () => '/api/other-probe' }),
        }),
      }),
    ).toThrow(/probe/);
  });
});
