import type { AssistantAnswer, Citation } from '@fieldcraft/contracts';
import { makeUser } from '@fieldcraft/contracts/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, server, setupMswServer, signedIn } from '../../../../testing/msw-server';
import { renderApp } from '../../../../testing/render-app';
import { loadPagesFirst } from '../../../../testing/load-pages-first';

setupMswServer();
loadPagesFirst('signedInShell', 'assistantChat');
vi.setConfig({ testTimeout: 30_000 });
const pageLoad = { timeout: 12_000 };
afterEach(() => vi.restoreAllMocks());

const checklist: Citation = {
  contentId: 4,
  title: 'Site safety checklist',
  type: 'PDF',
  page: 2,
  url: '/api/files/0123456789abcdef0123456789abcdef.pdf#page=2',
};
const trenchAnswer: AssistantAnswer = {
  text: 'From Site safety checklist, page 2: Trenches 5 feet (1.5 m) deep or more need a protective system.',
  citations: [checklist],
  answered: true,
};

function serve(actor = makeUser(), answers: (AssistantAnswer | 'fail')[] = [trenchAnswer]) {
  const asked: { question: string; history: unknown[] }[] = [];
  const accesses: string[] = [];
  server.use(
    http.get('/api/auth/status', () => HttpResponse.json(signedIn(actor))),
    http.post('/api/assistant/messages', async ({ request }) => {
      asked.push((await request.json()) as { question: string; history: unknown[] });
      const next = answers.shift() ?? trenchAnswer;
      if (next === 'fail') return apiError(500, 'Internal Server Error', 'INTERNAL');
      return HttpResponse.json(next);
    }),
    http.post('/api/content/:id/access', ({ params }) => {
      accesses.push(String(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { asked, accesses };
}

describe('/simple-chat', () => {
  it('answers a question with its sources and opens a citation at its page, recording the access', async () => {
    const { asked, accesses } = serve();
    const opened = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    const { user } = renderApp('/simple-chat');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'AI Assistant Chat' }, pageLoad),
    ).toBeInTheDocument();
    expect(screen.getByText('Ask your library')).toBeInTheDocument();
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();

    await user.type(
      screen.getByRole('textbox', { name: 'Your question' }),
      'How deep can a trench be?{Enter}',
    );
    const messages = await screen.findByRole('list', { name: 'Messages' });
    expect(within(messages).getByText('How deep can a trench be?')).toBeInTheDocument();
    expect(await within(messages).findByText(/Trenches 5 feet/)).toBeInTheDocument();
    expect(asked).toEqual([{ question: 'How deep can a trench be?', history: [] }]);
    expect(screen.getByRole('textbox', { name: 'Your question' })).toHaveValue('');

    await user.click(
      within(screen.getByRole('list', { name: 'Sources' })).getByRole('button', {
        name: 'Open Site safety checklist, page 2',
      }),
    );
    // The library's reader at the cited page, in a new tab.
    expect(opened).toHaveBeenCalledWith(`${location.origin}/library/4?page=2`, '_blank');
    await waitFor(() => expect(accesses).toEqual(['4']));
  });

  it('sends the recent turns with a follow-up, says when the library has no answer, and starts over on New chat', async () => {
    const { asked } = serve(makeUser(), [
      trenchAnswer,
      {
        text: "I couldn't find that in the documents you have access to.",
        citations: [],
        answered: false,
      },
    ]);
    const { user } = renderApp('/simple-chat');
    const input = await screen.findByRole('textbox', { name: 'Your question' }, pageLoad);
    await user.type(input, 'How deep can a trench be?{Enter}');
    await screen.findByText(/Trenches 5 feet/);
    await user.type(input, 'What is the capital of France?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText(
        'Not covered by the library yet. The question was noted as a knowledge gap.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See knowledge gaps' })).toHaveAttribute(
      'href',
      '/analytics/knowledge-gaps',
    );
    expect(asked[1]).toEqual({
      question: 'What is the capital of France?',
      history: [
        { role: 'user', text: 'How deep can a trench be?' },
        { role: 'assistant', text: trenchAnswer.text },
      ],
    });

    await user.click(screen.getByRole('button', { name: 'New chat' }));
    expect(screen.queryByRole('list', { name: 'Messages' })).not.toBeInTheDocument();
    expect(screen.getByText('Ask your library')).toBeInTheDocument();
  });

  it('shows a failed request as an error message and keeps it out of the next question’s history', async () => {
    const { asked } = serve(makeUser(), ['fail', trenchAnswer]);
    const { user } = renderApp('/simple-chat');
    const input = await screen.findByRole('textbox', { name: 'Your question' }, pageLoad);
    await user.type(input, 'How deep can a trench be?{Enter}');
    expect(
      await screen.findByText('Sorry, the assistant could not answer just now. Please try again.'),
    ).toBeInTheDocument();
    await user.type(input, 'How deep can a trench be?{Enter}');
    await screen.findByText(/Trenches 5 feet/);
    expect(asked[1]?.history).toEqual([{ role: 'user', text: 'How deep can a trench be?' }]);
  });

  it('sends a USER to /test-station', async () => {
    serve(makeUser({ role: 'USER' }));
    renderApp('/simple-chat');
    expect(
      await screen.findByRole('heading', { name: 'Page not available' }, pageLoad),
    ).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Your question' })).not.toBeInTheDocument();
  });
});
