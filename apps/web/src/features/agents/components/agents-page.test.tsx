import type { AgentOverview, ContentItem } from '@fieldcraft/contracts';
import { makeUser } from '@fieldcraft/contracts/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, server, setupMswServer, signedIn } from '../../../testing/msw-server';
import { renderApp } from '../../../testing/render-app';
import { loadPagesFirst } from '../../../testing/load-pages-first';

setupMswServer();
loadPagesFirst('signedInShell', 'agents');
// Dialog forms with many fields are slow to drive in the test DOM on a busy machine.
vi.setConfig({ testTimeout: 60_000 });
const pageLoad = { timeout: 12_000 };
afterEach(() => vi.restoreAllMocks());

const advisor: AgentOverview = {
  id: 1,
  agentId: 'field-advisor',
  name: 'Field Advisor',
  provider: 'local',
  systemPrompt: 'You are a field advisor.',
  firstMessage: "Hi, I'm your Field Advisor. What are you working on today?",
  language: 'en',
  voice: null,
  outputFormat: 'pcm_16000',
  allowedOverrides: [],
  knowledgeContentIds: [],
  roomCount: 2,
  rooms: [
    { id: 3, name: 'Site Safety', status: 'LIVE' },
    { id: 4, name: 'Concrete', status: 'PAUSED' },
  ],
  updatedAt: '2026-11-20T08:00:00.000Z',
  redeployedAt: null,
};
const spare: AgentOverview = {
  ...advisor,
  id: 2,
  agentId: 'spare',
  name: 'Spare Agent',
  firstMessage: '',
  knowledgeContentIds: [7],
  roomCount: 0,
  rooms: [],
};
const checklist: ContentItem = {
  id: 7,
  title: 'Site safety checklist',
  description: '',
  category: 'read',
  type: 'PDF',
  url: '/api/files/x.pdf',
  isActive: true,
  createdAt: '2026-11-01T00:00:00.000Z',
};

function serve(state = { agents: [advisor, spare] }) {
  const requests: { method: string; url: string; body: unknown }[] = [];
  const record = async (request: Request) => {
    const text = await request.clone().text();
    requests.push({
      method: request.method,
      url: new URL(request.url).pathname,
      body: text ? JSON.parse(text) : undefined,
    });
  };
  server.use(
    http.get('/api/auth/status', () => HttpResponse.json(signedIn(makeUser()))),
    http.get('/api/owner/agents', () => HttpResponse.json(state.agents)),
    http.get('/api/dashboard/content/manage', () => HttpResponse.json([checklist])),
    http.post('/api/owner/agents', async ({ request }) => {
      await record(request);
      const body = (await request.json()) as Partial<AgentOverview>;
      if (body.agentId === 'field-advisor') {
        return apiError(409, 'An agent with this id already exists', 'AGENT_ID_TAKEN');
      }
      const created = { ...spare, ...body, id: 9, rooms: [], roomCount: 0 } as AgentOverview;
      state.agents = [...state.agents, created];
      return HttpResponse.json(created, { status: 201 });
    }),
    http.patch('/api/owner/agents/:id', async ({ request, params }) => {
      await record(request);
      const body = (await request.json()) as Partial<AgentOverview>;
      state.agents = state.agents.map((a) => (a.id === Number(params.id) ? { ...a, ...body } : a));
      return HttpResponse.json(state.agents.find((a) => a.id === Number(params.id)));
    }),
    http.post('/api/owner/agents/:id/redeploy', async ({ request, params }) => {
      await record(request);
      const agent = state.agents.find((a) => a.id === Number(params.id))!;
      state.agents = state.agents.map((a) =>
        a.id === agent.id ? { ...a, redeployedAt: '2026-11-22T09:00:00.000Z' } : a,
      );
      return HttpResponse.json({
        agentId: agent.agentId,
        name: agent.name,
        rooms: agent.rooms,
        sessionsEnded: 1,
        redeployedAt: '2026-11-22T09:00:00.000Z',
      });
    }),
    http.delete('/api/owner/agents/:id', async ({ request, params }) => {
      await record(request);
      state.agents = state.agents.filter((a) => a.id !== Number(params.id));
      return HttpResponse.json({ success: true });
    }),
  );
  return { requests, state };
}

const card = (name: string) => screen.getByRole('listitem', { name });

describe('/fast-redeploy', () => {
  it('lists agents with their first message, knowledge and the rooms that use them', async () => {
    serve();
    renderApp('/fast-redeploy');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Fast Redeploy' }, pageLoad),
    ).toBeInTheDocument();
    const field = await screen.findByRole('listitem', { name: 'Field Advisor' });
    expect(field).toHaveTextContent("“Hi, I'm your Field Advisor. What are you working on today?”");
    expect(field).toHaveTextContent('Whole library');
    expect(within(field).getByText('Site Safety')).toBeInTheDocument();
    expect(within(field).getByText('Concrete')).toBeInTheDocument();
    expect(field).toHaveTextContent('Never');
    // In use: deleting is refused by the server, so the button is disabled and says why.
    expect(within(field).getByRole('button', { name: 'Delete Field Advisor' })).toBeDisabled();
    expect(field).toHaveTextContent('Give its rooms another agent before deleting it.');
    const other = card('Spare Agent');
    expect(other).toHaveTextContent('No room uses this agent');
    expect(other).toHaveTextContent('1 item');
    expect(within(other).getByRole('button', { name: 'Delete Spare Agent' })).toBeEnabled();
  });

  it('edits the first message and redeploys, showing what the redeploy did in a toast', async () => {
    const { requests } = serve();
    const { user } = renderApp('/fast-redeploy');
    await screen.findByRole('listitem', { name: 'Field Advisor' }, pageLoad);
    await user.click(
      within(card('Field Advisor')).getByRole('button', { name: 'Edit Field Advisor' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit Agent' });
    expect(within(dialog).getByRole('textbox', { name: 'Agent ID' })).toBeDisabled();
    const first = within(dialog).getByRole('textbox', { name: 'First Message' });
    await user.clear(first);
    await user.paste('Welcome back. Ask me about the site.');
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Agent name is required')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PATCH')).toEqual([]);
    await user.type(name, 'Field Advisor');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.find((r) => r.method === 'PATCH')?.body).toMatchObject({
      name: 'Field Advisor',
      firstMessage: 'Welcome back. Ask me about the site.',
      voice: null,
      knowledgeContentIds: [],
    });
    expect(await screen.findByText('“Welcome back. Ask me about the site.”')).toBeInTheDocument();

    await user.click(
      within(card('Field Advisor')).getByRole('button', { name: 'Redeploy Field Advisor' }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Redeploy Field Advisor?' });
    expect(confirm).toHaveTextContent('Its current settings apply to 2 rooms.');
    await user.click(within(confirm).getByRole('button', { name: 'Redeploy' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.at(-1)).toEqual({
      method: 'POST',
      url: '/api/owner/agents/1/redeploy',
      body: undefined,
    });
    expect(screen.getByRole('region', { name: /Notifications/ })).toHaveTextContent(
      "Field Advisor's settings now apply to 2 rooms; 1 open conversation restarted.",
    );
    await waitFor(() => expect(card('Field Advisor')).not.toHaveTextContent('Never'));
  });

  it('creates an agent with knowledge limits; a taken agent id shows the server’s message', async () => {
    const { requests } = serve();
    const { user } = renderApp('/fast-redeploy');
    await screen.findByRole('listitem', { name: 'Field Advisor' }, pageLoad);
    await user.click(screen.getByRole('button', { name: 'Add Agent' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Agent' });
    await user.click(within(dialog).getByRole('button', { name: 'Create Agent' }));
    expect(await within(dialog).findByText('Agent name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Agent id must be at least 3 characters')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Rigging Coach');
    await user.type(within(dialog).getByRole('textbox', { name: 'Agent ID' }), 'field-advisor');
    await user.click(within(dialog).getByRole('combobox', { name: 'Knowledge' }));
    await user.click(await screen.findByRole('option', { name: 'Site safety checklist' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'First message' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Agent' }));
    expect(
      await within(dialog).findByText('An agent with this id already exists'),
    ).toBeInTheDocument();
    const id = within(dialog).getByRole('textbox', { name: 'Agent ID' });
    await user.clear(id);
    await user.type(id, 'rigging-coach');
    await user.click(within(dialog).getByRole('button', { name: 'Create Agent' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.filter((r) => r.method === 'POST').at(-1)?.body).toMatchObject({
      agentId: 'rigging-coach',
      name: 'Rigging Coach',
      provider: 'local',
      knowledgeContentIds: [7],
      allowedOverrides: ['first_message'],
    });
    expect(await screen.findByRole('listitem', { name: 'Rigging Coach' })).toBeInTheDocument();
  });

  it('speaks the owner’s language: audio formats and voices in words, no wire names', async () => {
    serve();
    const { user } = renderApp('/fast-redeploy');
    await screen.findByRole('listitem', { name: 'Field Advisor' }, pageLoad);
    await user.click(screen.getByRole('button', { name: 'Add Agent' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Agent' });
    expect(within(dialog).getByRole('combobox', { name: 'Audio Format' })).toHaveTextContent(
      'Standard, 16 kHz (recommended)',
    );
    await user.click(within(dialog).getByRole('combobox', { name: 'Audio Format' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent ?? '');
    expect(options).toContain('Telephone systems, 8 kHz');
    expect(options.join(' ')).not.toMatch(/pcm_|ulaw_/);
    expect(within(dialog).queryByText(/flite/)).not.toBeInTheDocument();
  });

  it('deletes an agent no room uses after confirming', async () => {
    const { requests } = serve();
    const { user } = renderApp('/fast-redeploy');
    await screen.findByRole('listitem', { name: 'Spare Agent' }, pageLoad);
    await user.click(
      within(card('Spare Agent')).getByRole('button', { name: 'Delete Spare Agent' }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Delete Spare Agent?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete Agent' }));
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Spare Agent' })).not.toBeInTheDocument(),
    );
    expect(requests.at(-1)).toMatchObject({ method: 'DELETE', url: '/api/owner/agents/2' });
  });

  it('sends an ADMIN to /test-station', async () => {
    serve();
    server.use(
      http.get('/api/auth/status', () => HttpResponse.json(signedIn(makeUser({ role: 'ADMIN' })))),
    );
    renderApp('/fast-redeploy');
    expect(
      await screen.findByRole('heading', { name: 'Page not available' }, pageLoad),
    ).toBeInTheDocument();
  });
});
