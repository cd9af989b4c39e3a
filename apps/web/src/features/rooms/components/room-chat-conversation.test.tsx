import type { ConversationDetail, ConversationSummary } from '@fieldcraft/contracts';
import { makeRoom, makeUser } from '@fieldcraft/contracts/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createConvaiServer } from '../../../testing/convai-server';
import { server, signedIn, setupMswServer } from '../../../testing/msw-server';
import { loadPagesFirst } from '../../../testing/load-pages-first';
import { renderApp } from '../../../testing/render-app';
import { voicePreferencesKey } from '../voice-preferences';

// The chat as a conversation: typing before Start, answers streamed part by part, the user's
// recognised words edited and sent again, a past conversation continued, the one voice control.

setupMswServer();
// Whole-app renders with a socket each: slow on a busy machine.
const SLOW = 45_000;
loadPagesFirst('signedInShell', 'roomChat');

const sam = makeUser({ role: 'USER', firstName: 'Sam', lastName: 'Reyes', username: 'sreyes' });
let signedUrlCalls = 0;
let microphoneRequests = 0;

beforeEach(() => {
  signedUrlCalls = 0;
  microphoneRequests = 0;
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  // The test DOM has no microphone; any request for one is counted.
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: {
      getUserMedia: () => {
        microphoneRequests += 1;
        return Promise.reject(new DOMException('No device', 'NotFoundError'));
      },
    },
  });
  server.use(
    http.get('/api/auth/status', () => HttpResponse.json(signedIn(sam))),
    http.get('/api/user/rooms', () =>
      HttpResponse.json([
        makeRoom({ id: 12, name: 'Concrete Basics', description: 'Pours and curing' }),
        makeRoom({ id: 14, name: 'Roofing' }),
      ]),
    ),
    http.get('/api/voice/rooms/:roomId/signed-url', () => {
      signedUrlCalls += 1;
      return HttpResponse.json({
        signedUrl: `/v1/convai/conversation?agent_id=field-advisor&conversation_signature=s${signedUrlCalls}`,
      });
    }),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

const messageBox = () => screen.findByRole('textbox', { name: 'Message to Field Advisor' });

describe('room chat: typing before Start', () => {
  it(
    'starts a text conversation with the question, never asks for the microphone, and remembers text mode',
    async () => {
      const convai = createConvaiServer({ autoReply: (text) => ({ text: `Answer to ${text}` }) });
      server.use(convai.handler);
      const { user } = renderApp('/test-room/12?session=s1');
      const input = await messageBox();
      expect(input).toHaveAttribute('placeholder', 'Send a message to Field Advisor...');
      await user.type(input, 'How long does a slab cure?{Enter}');
      expect(screen.getByText('How long does a slab cure?')).toBeInTheDocument();
      expect(await screen.findByText('Answer to How long does a slab cure?')).toBeInTheDocument();
      expect(screen.getAllByRole('status')[0]).toHaveTextContent('Connected');
      expect(convai.sent('conversation_initiation_client_data')[0]).toMatchObject({
        conversation_config_override: { conversation: { text_only: true } },
      });
      expect(convai.sent('user_message')).toEqual([
        { type: 'user_message', text: 'How long does a slab cure?' },
      ]);
      expect(signedUrlCalls).toBe(1);
      expect(microphoneRequests).toBe(0);
      expect(JSON.parse(localStorage.getItem(voicePreferencesKey(12)) ?? '{}')).toMatchObject({
        textMode: true,
      });
      // Only the room where the user typed.
      expect(localStorage.getItem(voicePreferencesKey(14))).toBeNull();
    },
    SLOW,
  );
});

describe('room chat: the answer as it is written', () => {
  it(
    'shows streamed parts in one bubble, then the full answer once',
    async () => {
      const convai = createConvaiServer();
      server.use(convai.handler);
      const { user } = renderApp('/test-room/12?session=s1');
      await user.type(await messageBox(), 'Mask?{Enter}');
      await waitFor(() => expect(convai.sent('user_message')).toHaveLength(1));
      expect(await screen.findByText('Field Advisor is thinking...')).toBeInTheDocument();

      const id = convai.part('start', '');
      convai.part('delta', 'Use a P100', id);
      expect(await screen.findByText('Use a P100')).toBeInTheDocument();
      expect(screen.getByText('Field Advisor is answering...')).toBeInTheDocument();
      convai.part('delta', ' respirator.', id);
      expect(await screen.findByText('Use a P100 respirator.')).toBeInTheDocument();
      convai.part('stop', '', id);
      convai.finish({ text: 'Use a P100 respirator.' }, id);
      await waitFor(() =>
        expect(screen.queryByText('Field Advisor is answering...')).not.toBeInTheDocument(),
      );
      expect(screen.getAllByText('Use a P100 respirator.')).toHaveLength(1);
      // The finished answer can be rated (it has the turn's event id).
      expect(screen.getByRole('group', { name: 'Rate this answer' })).toBeInTheDocument();
    },
    SLOW,
  );
});

describe('room chat: correcting what was heard', () => {
  it(
    'puts the recognised words back in the input to edit and send again',
    async () => {
      const convai = createConvaiServer();
      server.use(convai.handler);
      const { user } = renderApp('/test-room/12?session=s1');
      await user.click(await screen.findByRole('button', { name: 'Start Conversation' }));
      await screen.findByRole('button', { name: 'End Conversation' });
      convai.transcript('what mast do I need');
      expect(await screen.findByText('what mast do I need')).toBeInTheDocument();
      convai.reply({ text: "I heard 'what mast do I need' — is that right?" });
      const edit = await screen.findByRole('button', {
        name: 'Edit and resend: what mast do I need',
      });
      await user.click(edit);
      const input = await messageBox();
      expect(input).toHaveValue('what mast do I need');
      expect(input).toHaveFocus();
      await user.clear(input);
      await user.type(input, 'what mask do I need{Enter}');
      await waitFor(() =>
        expect(convai.sent('user_message')).toEqual([
          { type: 'user_message', text: 'what mask do I need' },
        ]),
      );
      // Not while the answer is awaited; then only on the latest of the user's own bubbles.
      expect(screen.queryByRole('button', { name: /^Edit and resend/ })).toBeNull();
      convai.reply({ text: 'A P100 respirator.' });
      expect(
        await screen.findByRole('button', { name: 'Edit and resend: what mask do I need' }),
      ).toBeInTheDocument();
      expect(screen.getAllByRole('button', { name: /^Edit and resend/ })).toHaveLength(1);
    },
    SLOW,
  );
});

describe('room chat: continuing a past conversation', () => {
  const summary: ConversationSummary = {
    id: 'conv_old',
    roomId: 12,
    roomName: 'Concrete Basics',
    agentId: 'field-advisor',
    startedAt: '2026-11-20T09:00:00.000Z',
    endedAt: '2026-11-20T09:02:05.000Z',
    durationSeconds: 125,
    messageCount: 2,
    preview: 'How long should a slab cure?',
  };
  const detail: ConversationDetail = {
    ...summary,
    userId: sam.id,
    messages: [
      {
        eventId: 1,
        role: 'user',
        source: 'text',
        text: 'How long should a slab cure?',
        citations: [],
        feedback: null,
        createdAt: summary.startedAt,
      },
      {
        eventId: 2,
        role: 'agent',
        source: 'agent',
        text: 'Seven days moist curing.',
        citations: [],
        feedback: null,
        createdAt: summary.startedAt,
      },
    ],
  };

  it(
    'shows the earlier turns in the chat and tells the advisor about them when the conversation starts',
    async () => {
      server.use(
        http.get('/api/voice/rooms/:roomId/conversations', () => HttpResponse.json([summary])),
        http.get('/api/voice/conversations/:id', () => HttpResponse.json(detail)),
      );
      const convai = createConvaiServer({
        autoReply: () => ({ text: 'Yes, in cold weather too.' }),
      });
      server.use(convai.handler);
      const { user } = renderApp('/test-room/12?session=s1');
      await user.click(
        await screen.findByRole('button', { name: /How long should a slab cure\?/ }),
      );
      const dialog = await screen.findByRole('dialog', { name: /^Conversation of / });
      await user.click(
        await within(dialog).findByRole('button', { name: 'Continue this conversation' }),
      );
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      const messages = screen.getByRole('region', { name: 'Messages' });
      expect(within(messages).getByText('Seven days moist curing.')).toBeInTheDocument();
      expect(
        within(messages).getByText(/^Continued from the conversation of /),
      ).toBeInTheDocument();
      // Nothing started by itself: no socket, no microphone.
      expect(signedUrlCalls).toBe(0);

      await user.type(await messageBox(), 'Also in winter?{Enter}');
      expect(await screen.findByText('Yes, in cold weather too.')).toBeInTheDocument();
      const context = convai.sent('contextual_update');
      expect(context).toHaveLength(1);
      expect(context[0]).toMatchObject({ context_id: 'earlier' });
      expect(String(context[0]?.['text'])).toContain('User: How long should a slab cure?');
      expect(String(context[0]?.['text'])).toContain('Advisor: Seven days moist curing.');
      // The context went before the question.
      const order = convai.received.map((f) => f.type);
      expect(order.indexOf('contextual_update')).toBeLessThan(order.indexOf('user_message'));
    },
    SLOW,
  );
});

describe('room chat: the voice controls', () => {
  it(
    'is one microphone control, no panel of switches; the one extra choice is remembered per room',
    async () => {
      const first = renderApp('/test-room/12?session=s1');
      expect(await screen.findByRole('button', { name: 'Talk' })).toBeInTheDocument();
      expect(screen.queryByRole('switch')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Mute microphone' })).not.toBeInTheDocument();
      expect(screen.queryByText(/Microphone off/)).not.toBeInTheDocument();
      await first.user.click(screen.getByRole('button', { name: 'Voice settings' }));
      await first.user.click(
        screen.getByRole('menuitemcheckbox', {
          name: 'Mute the microphone while Field Advisor speaks',
        }),
      );
      expect(JSON.parse(localStorage.getItem(voicePreferencesKey(12)) ?? '{}')).toMatchObject({
        muteWhileAgentSpeaks: true,
      });
      first.unmount();

      const again = renderApp('/test-room/12?session=s2');
      await again.user.click(await screen.findByRole('button', { name: 'Voice settings' }));
      expect(
        screen.getByRole('menuitemcheckbox', {
          name: 'Mute the microphone while Field Advisor speaks',
        }),
      ).toHaveAttribute('aria-checked', 'true');
      again.unmount();

      const other = renderApp('/test-room/14?session=s3');
      await other.user.click(await screen.findByRole('button', { name: 'Voice settings' }));
      expect(
        screen.getByRole('menuitemcheckbox', {
          name: 'Mute the microphone while Field Advisor speaks',
        }),
      ).toHaveAttribute('aria-checked', 'false');
    },
    SLOW,
  );

  it(
    "asks for the microphone only when the user presses 'Talk'",
    async () => {
      const convai = createConvaiServer();
      server.use(convai.handler);
      const { user } = renderApp('/test-room/12?session=s1');
      await user.click(await screen.findByRole('button', { name: 'Talk' }));
      await screen.findByRole('button', { name: 'End Conversation' });
      expect(microphoneRequests).toBe(1);
      // The test DOM has none: the conversation goes on as text, and says so.
      expect(
        screen.getByText(/The microphone could not be opened, so this conversation is text only/),
      ).toBeInTheDocument();
    },
    SLOW,
  );
});
