// Over 300 lines: one screen's cases (start, send, voice, end) over one fake voice server; one case
// per behaviour.
import type { ConversationDetail, ConversationSummary } from '@fieldcraft/contracts';
import { makeRoom, makeUser } from '@fieldcraft/contracts/testing';
import { Conversation } from '@fieldcraft/voice-client';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createConvaiServer } from '../../../testing/convai-server';
import { server, signedIn, setupMswServer } from '../../../testing/msw-server';
import { loadPagesFirst } from '../../../testing/load-pages-first';
import { renderApp } from '../../../testing/render-app';

setupMswServer();
loadPagesFirst('signedInShell', 'roomChat');

const sam = makeUser({ role: 'USER', firstName: 'Sam', lastName: 'Reyes', username: 'sreyes' });
const citation = {
  url: '/uploads/ppe-guide.pdf#page=3',
  name: 'PPE Guide',
  mime_type: 'application/pdf',
  content_id: 4,
  content_type: 'PDF',
  page: 3,
};
let signedUrlCalls = 0;

beforeEach(() => {
  signedUrlCalls = 0;
  // Start failures and the text-only fallback are logged (spec: start failures are only logged).
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  server.use(
    http.get('/api/auth/status', () => HttpResponse.json(signedIn(sam))),
    http.get('/api/user/rooms', () =>
      HttpResponse.json([
        makeRoom({ id: 12, name: 'Concrete Basics', description: 'Pours and curing' }),
        makeRoom({ id: 13, name: 'Scaffold Yard', status: 'PAUSED' }),
        makeRoom({ id: 14, name: 'Roofing' }),
      ]),
    ),
    http.get('/api/voice/rooms/:roomId/signed-url', () => {
      signedUrlCalls += 1;
      // A path: the page makes it an absolute ws: URL on this origin.
      return HttpResponse.json({
        signedUrl: `/v1/convai/conversation?agent_id=field-advisor&conversation_signature=s${signedUrlCalls}`,
      });
    }),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** Opens room 12 and starts a conversation (text only: the test DOM has no microphone). */
async function startConversation(convai = createConvaiServer()) {
  server.use(convai.handler);
  const view = renderApp('/test-room/12?session=s1');
  await view.user.click(await screen.findByRole('button', { name: 'Start Conversation' }));
  expect(await screen.findByRole('button', { name: 'End Conversation' })).toBeInTheDocument();
  return {
    ...view,
    convai,
    input: screen.getByRole('textbox', { name: 'Message to Field Advisor' }),
  };
}

describe('room chat: the spec screen', () => {
  it('shows chat, status, empty state and placeholders before a conversation', async () => {
    renderApp('/test-room/12?session=s1');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Concrete Basics' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Pours and curing')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Rooms' })).toHaveAttribute('href', '/rooms');
    expect(
      screen.getByRole('heading', { level: 2, name: 'Chat with Field Advisor' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start Conversation' })).toBeEnabled();
    expect(screen.getAllByRole('status')[0]).toHaveTextContent('Disconnected');
    expect(screen.getByText('Ready to chat')).toBeInTheDocument();
    expect(screen.getByText('Start a conversation by typing below')).toBeInTheDocument();
    // Typing before Start starts the conversation, so the input invites it.
    expect(screen.getByRole('textbox', { name: 'Message to Field Advisor' })).toHaveAttribute(
      'placeholder',
      'Send a message to Field Advisor...',
    );
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('starts a session with a signed URL and the user as dynamic variables; text only without a microphone', async () => {
    const { convai, input } = await startConversation();
    expect(screen.getAllByRole('status')[0]).toHaveTextContent('Connected');
    expect(input).toHaveAttribute('placeholder', 'Send a message to Field Advisor...');
    expect(
      screen.getByText(/The microphone could not be opened, so this conversation is text only/),
    ).toBeInTheDocument();
    // The voice attempt's URL is single use; the text-only retry fetched a fresh one.
    expect(signedUrlCalls).toBe(2);
    expect(convai.urls).toHaveLength(1);
    expect(convai.urls[0]).toMatch(
      /^ws:\/\/localhost:3000\/v1\/convai\/conversation\?agent_id=field-advisor&conversation_signature=s2/,
    );
    expect(convai.sent('conversation_initiation_client_data')[0]).toMatchObject({
      dynamic_variables: { user_name: 'Sam', user_role: 'USER', username: 'sreyes' },
      conversation_config_override: { conversation: { text_only: true } },
    });
  });

  it("adds the message, shows '{agent} is thinking...' and 'Sending...' until the answer with its citation arrives", async () => {
    const { convai, input, user } = await startConversation();
    await user.type(input, 'What mask for silica dust?{Enter}');
    expect(await screen.findByText('Field Advisor is thinking...')).toBeInTheDocument();
    expect(screen.getByText('What mask for silica dust?')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    expect(input).toHaveValue('');
    await waitFor(() =>
      expect(convai.sent('user_message')).toEqual([
        { type: 'user_message', text: 'What mask for silica dust?' },
      ]),
    );

    convai.reply({ text: 'Use a P100 respirator (PPE Guide, page 3).', attachments: [citation] });
    expect(
      await screen.findByText('Use a P100 respirator (PPE Guide, page 3).'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Field Advisor is thinking...')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'PPE Guide, page 3' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled(); // empty input
  });

  it('blocks sending empty text, and while the agent is typing', async () => {
    const { convai, input, user } = await startConversation();
    await user.type(input, '   ');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.type(input, '{Enter}');
    await user.clear(input);
    await user.type(input, 'First{Enter}');
    await screen.findByText('Field Advisor is thinking...');
    await user.type(input, 'Second{Enter}');
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    await waitFor(() => expect(convai.sent('user_message')).toHaveLength(1));
    expect(screen.queryByText('Second')).not.toBeInTheDocument();
    expect(input).toHaveValue('Second');
  });

  it('ignores the same message again within 1000 ms', async () => {
    const convai = createConvaiServer({ autoReply: (text) => ({ text: `Answer to ${text}` }) });
    const { input, user } = await startConversation(convai);
    const now = vi.spyOn(Date, 'now');
    now.mockReturnValue(1_000_000);
    await user.type(input, 'Hi{Enter}');
    await screen.findByText('Answer to Hi');
    now.mockReturnValue(1_000_900);
    await user.type(input, 'Hi{Enter}');
    expect(screen.getAllByText('Hi')).toHaveLength(1);
    expect(convai.sent('user_message')).toHaveLength(1);
    now.mockReturnValue(1_001_000);
    await user.clear(input);
    await user.type(input, 'Hi{Enter}');
    await waitFor(() => expect(convai.sent('user_message')).toHaveLength(2));
    expect(await screen.findAllByText('Answer to Hi')).toHaveLength(2);
  });

  it('signals user activity on focus and on typing', async () => {
    const { convai, input, user } = await startConversation();
    await user.click(input);
    await waitFor(() => expect(convai.sent('user_activity')).toHaveLength(1));
    await user.type(input, 'ab');
    await waitFor(() => expect(convai.sent('user_activity')).toHaveLength(3));
  });

  it('opens a cited item and records the access, like the dashboard', async () => {
    const accesses: string[] = [];
    server.use(
      http.post('/api/content/:id/access', ({ params }) => {
        accesses.push(String(params['id']));
        return HttpResponse.json({ ok: true });
      }),
    );
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    const { convai, input, user } = await startConversation();
    await user.type(input, 'Mask?{Enter}');
    convai.reply({ text: 'P100.', attachments: [citation] });
    await user.click(await screen.findByRole('button', { name: 'PPE Guide, page 3' }));
    // The library's reader at the cited page, in a new tab (the conversation stays).
    expect(open).toHaveBeenCalledWith(`${location.origin}/library/4?page=3`, '_blank');
    await waitFor(() => expect(accesses).toEqual(['4']));
  });

  it('sends thumbs up once per answer and shows the choice', async () => {
    const { convai, input, user } = await startConversation();
    await user.type(input, 'Mask?{Enter}');
    const eventId = convai.reply({ text: 'P100.' });
    const rating = await screen.findByRole('group', { name: 'Rate this answer' });
    await user.click(within(rating).getByRole('button', { name: 'Helpful' }));
    await waitFor(() =>
      expect(convai.sent('feedback')).toEqual([
        { type: 'feedback', score: 'like', event_id: eventId },
      ]),
    );
    expect(within(rating).getByRole('button', { name: 'Helpful' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(rating).getByRole('button', { name: 'Not helpful' })).toBeDisabled();
    expect(within(rating).getByText('Thanks for your feedback')).toBeInTheDocument();
  });
});

describe('room chat: errors and the end of a session', () => {
  it('adds the connection error message when no session can be started', async () => {
    server.use(
      http.get('/api/voice/rooms/:roomId/signed-url', () =>
        HttpResponse.json({ error: 'Room is paused', code: 'ROOM_NOT_LIVE' }, { status: 403 }),
      ),
    );
    const { user } = renderApp('/test-room/12?session=s1');
    await user.click(await screen.findByRole('button', { name: 'Start Conversation' }));
    const error = await screen.findByText('Sorry, there was a connection error. Please try again.');
    expect(error.closest('[data-error]')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Start Conversation' })).toBeEnabled();
    expect(screen.getAllByRole('status')[0]).toHaveTextContent('Disconnected');
  });

  it('adds the connection error message when the server drops the session', async () => {
    const { convai } = await startConversation();
    convai.close(1011, 'Internal error');
    expect(
      await screen.findByText('Sorry, there was a connection error. Please try again.'),
    ).toBeInTheDocument();
    // The server's close reason is shown under it.
    expect(screen.getByText('Internal error')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Start Conversation' })).toBeInTheDocument();
  });

  it("shows the server's reason when it ends the session because access ended (1008)", async () => {
    const { convai } = await startConversation();
    convai.close(1008, 'Your access to this room has ended.');
    const error = await screen.findByText('Your access to this room has ended.');
    expect(error.closest('[data-error]')).not.toBeNull();
    expect(
      screen.queryByText('Sorry, there was a connection error. Please try again.'),
    ).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Start Conversation' })).toBeInTheDocument();
    expect(screen.getAllByRole('status')[0]).toHaveTextContent('Disconnected');
  });

  it('adds the send failure message when the message cannot be sent', async () => {
    const { input, user } = await startConversation();
    vi.spyOn(Conversation.prototype, 'sendUserMessage').mockReturnValue(false);
    await user.type(input, 'Hello{Enter}');
    const error = await screen.findByText('Sorry, failed to send message. Please try again.');
    expect(error.closest('[data-error]')).not.toBeNull();
    expect(screen.queryByText('Field Advisor is thinking...')).not.toBeInTheDocument();
  });

  it('ends on End Conversation and the past conversations refetch', async () => {
    let stored: ConversationSummary[] = [];
    server.use(http.get('/api/voice/rooms/12/conversations', () => HttpResponse.json(stored)));
    const { user } = await startConversation();
    expect(screen.getByText('0 conversations in this room')).toBeInTheDocument();
    // The server has the row but has not finished it yet when the page first rereads the list.
    stored = [summary({ id: 'conv_1', endedAt: null, durationSeconds: null })];
    await user.click(screen.getByRole('button', { name: 'End Conversation' }));
    expect(await screen.findByRole('button', { name: 'Start Conversation' })).toBeInTheDocument();
    expect(screen.getAllByRole('status')[0]).toHaveTextContent('Disconnected');
    expect(await screen.findByText('1 conversation in this room')).toBeInTheDocument();
    expect(screen.getByText('In progress · 4 messages')).toBeInTheDocument();
    stored = [summary({ id: 'conv_1', durationSeconds: 30 })];
    // Read once more shortly after, with the end and the duration.
    expect(await screen.findByText('30 s · 4 messages')).toBeInTheDocument();
  });

  it('ends the session when the page goes away', async () => {
    const { convai, unmount } = await startConversation();
    unmount();
    await waitFor(() => expect(convai.closedByClient).toBe(1));
  });

  it('cannot start a conversation in a paused room', async () => {
    renderApp('/test-room/13?session=s1');
    expect(await screen.findByRole('button', { name: 'Start Conversation' })).toBeDisabled();
    expect(
      screen.getByText(/This room is paused, so no conversation can be started/),
    ).toBeInTheDocument();
  });

  it('lets the owner start a test conversation in a paused room', async () => {
    server.use(
      http.get('/api/auth/status', () =>
        HttpResponse.json(signedIn(makeUser({ role: 'OWNER', firstName: 'Olive' }))),
      ),
    );
    renderApp('/test-room/13?session=s1');
    expect(await screen.findByRole('button', { name: 'Start Conversation' })).toBeEnabled();
    expect(
      screen.getByText(
        'This room is paused. As the owner you can still start a test conversation.',
      ),
    ).toBeInTheDocument();
  });

  it('says what speech is missing on the server and that typed chat keeps working', async () => {
    server.use(
      http.get('/api/voice/status', () =>
        HttpResponse.json({
          speechSynthesis: { available: true, engine: 'flite' },
          speechRecognition: { available: false, engine: null },
          languageModel: { configured: false },
          missing: ['Speech recognition is unavailable: pocketsphinx is not installed.'],
        }),
      ),
    );
    renderApp('/test-room/12?session=s1');
    const alert = await screen.findByText(
      'Speech recognition is unavailable: pocketsphinx is not installed.',
    );
    expect(alert.closest('[role="alert"]')).toHaveTextContent('Typed chat keeps working.');
  });
});

function summary(overrides: Partial<ConversationSummary> = {}): ConversationSummary {
  return {
    id: 'conv_9',
    roomId: 12,
    roomName: 'Concrete Basics',
    agentId: 'field-advisor',
    startedAt: '2026-11-20T09:15:00.000Z',
    endedAt: '2026-11-20T09:17:05.000Z',
    durationSeconds: 125,
    messageCount: 4,
    preview: 'How long should a slab cure?',
    ...overrides,
  };
}

describe('room chat: past conversations', () => {
  it('lists them and rereads one, with its citations, in a dialog', async () => {
    const detail: ConversationDetail = {
      ...summary(),
      userId: sam.id,
      messages: [
        {
          eventId: 1,
          role: 'user',
          source: 'text',
          text: 'How long should a slab cure?',
          citations: [],
          feedback: null,
          createdAt: '2026-11-20T09:15:10.000Z',
        },
        {
          eventId: 2,
          role: 'agent',
          source: 'agent',
          text: 'Seven days moist curing (Concrete Handbook, page 12).',
          citations: [
            {
              contentId: 7,
              title: 'Concrete Handbook',
              type: 'PDF',
              page: 12,
              url: '/uploads/concrete.pdf#page=12',
            },
          ],
          feedback: 'like',
          createdAt: '2026-11-20T09:15:11.000Z',
        },
      ],
    };
    const accesses: string[] = [];
    server.use(
      http.get('/api/voice/rooms/12/conversations', () => HttpResponse.json([summary()])),
      http.get('/api/voice/conversations/conv_9', () => HttpResponse.json(detail)),
      http.post('/api/content/:id/access', ({ params }) => {
        accesses.push(String(params['id']));
        return HttpResponse.json({ ok: true });
      }),
    );
    vi.spyOn(window, 'open').mockReturnValue({} as Window);
    const { user } = renderApp('/test-room/12?session=s1');
    expect(await screen.findByText('1 conversation in this room')).toBeInTheDocument();
    const item = screen.getByRole('button', { name: /How long should a slab cure\?/ });
    expect(item).toHaveTextContent('2 min 5 s · 4 messages');
    await user.click(item);
    const dialog = await screen.findByRole('dialog', { name: /^Conversation of / });
    expect(
      await within(dialog).findByText('Seven days moist curing (Concrete Handbook, page 12).'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('You rated this answer helpful')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Concrete Handbook, page 12' }));
    await waitFor(() => expect(accesses).toEqual(['7']));
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
