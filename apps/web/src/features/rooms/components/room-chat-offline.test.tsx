// Over 300 lines: room chat without signal, one case per step, over one fake voice server; one case
// per behaviour.
import { makeRoom, makeUser } from '@fieldcraft/contracts/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createConvaiServer } from '../../../testing/convai-server';
import { server, signedIn, setupMswServer } from '../../../testing/msw-server';
import { loadPagesFirst } from '../../../testing/load-pages-first';
import { renderApp } from '../../../testing/render-app';
import { QUEUE_RETRY_MS } from '../conversation/use-offline-questions';
import { offlineQueueKey } from '../offline-queue';
import { voicePreferencesKey } from '../voice-preferences';
import { OFFLINE_MARK, SENT_MARK, WAITING_MARK } from './room-chat-panel';

setupMswServer();
// These tests type several questions and wait out reconnects: slow on a busy machine.
const SLOW = 45_000;
loadPagesFirst('signedInShell', 'roomChat');

const sam = makeUser({ id: 31, role: 'USER', firstName: 'Sam', username: 'sreyes' });
const QUEUE_KEY = offlineQueueKey(31, 12);
let signedUrlCalls = 0;
let onLine = true;

function setSignal(on: boolean) {
  onLine = on;
  act(() => {
    window.dispatchEvent(new Event(on ? 'online' : 'offline'));
  });
}

/**
 * Lets the app's timers run as if `ms` had passed, at once (fake timers for just this while):
 * what has not happened by then (a second send, a restart) is not waiting for a timer either.
 */
async function letTimePass(ms: number) {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  try {
    await act(() => vi.advanceTimersByTimeAsync(ms));
  } finally {
    vi.useRealTimers();
  }
}

const stored = () =>
  (JSON.parse(localStorage.getItem(QUEUE_KEY) ?? '[]') as Array<{ text: string }>).map(
    (q) => q.text,
  );

beforeEach(() => {
  signedUrlCalls = 0;
  onLine = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => onLine);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  server.use(
    http.get('/api/auth/status', () => HttpResponse.json(signedIn(sam))),
    http.get('/api/user/rooms', () =>
      HttpResponse.json([
        makeRoom({ id: 12, name: 'Concrete Basics' }),
        makeRoom({ id: 13, name: 'Scaffold Yard', status: 'PAUSED' }),
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
});

async function openRoom(path = '/test-room/12?session=s1') {
  const view = renderApp(path);
  const input = await screen.findByRole('textbox', { name: 'Message to Field Advisor' });
  return { ...view, input, messages: () => screen.getByRole('region', { name: 'Messages' }) };
}

/**
 * A running conversation; the browser reports no signal while the socket stays up (as it often
 * does at first): the question typed then is saved, not sent, and goes out once the signal is back.
 */
async function askWhileSignalDrops(question: string) {
  const convai = createConvaiServer();
  server.use(convai.handler);
  const room = await openRoom();
  await room.user.click(screen.getByRole('button', { name: 'Start Conversation' }));
  expect(await screen.findByRole('button', { name: 'End Conversation' })).toBeInTheDocument();
  setSignal(false);
  await room.user.type(room.input, `${question}{Enter}`);
  expect(convai.sent('user_message')).toHaveLength(0);
  setSignal(true);
  await waitFor(() => expect(convai.sent('user_message')).toHaveLength(1), { timeout: 8000 });
  return { convai, ...room };
}

/** The list's items in order: [text, its mark or ''] */
function items(messages: HTMLElement) {
  const marks = [OFFLINE_MARK, WAITING_MARK, SENT_MARK];
  return within(messages)
    .getAllByRole('listitem')
    .map((li) => {
      let text = (li.textContent ?? '').replace(/^(You|Field Advisor): /, '');
      const mark = marks.find((m) => text.includes(m)) ?? '';
      if (mark) text = text.slice(0, text.indexOf(mark));
      return [text.replace(/Remove$/, ''), mark];
    });
}

describe('room chat offline: questions typed without signal', () => {
  it(
    'keeps the input usable, saves questions in order on this device, survives a reload, and drops removed ones',
    async () => {
      const first = await openRoom();
      setSignal(false);
      expect(
        await screen.findByText(
          /No signal\. You can keep typing: questions are saved on this device/,
        ),
      ).toBeInTheDocument();
      await first.user.type(first.input, 'Which gloves for wet concrete?{Enter}');
      await first.user.type(first.input, 'How long before stripping forms?{Enter}');
      await first.user.type(first.input, 'Can I pour below 5 °C?{Enter}');
      expect(first.input).toHaveValue('');
      expect(items(first.messages())).toEqual([
        ['Which gloves for wet concrete?', OFFLINE_MARK],
        ['How long before stripping forms?', OFFLINE_MARK],
        ['Can I pour below 5 °C?', OFFLINE_MARK],
      ]);
      expect(
        screen.getByText(
          'No signal. Your 3 questions are saved on this device and will be sent when you are back online.',
        ),
      ).toBeInTheDocument();
      expect(stored()).toEqual([
        'Which gloves for wet concrete?',
        'How long before stripping forms?',
        'Can I pour below 5 °C?',
      ]);

      await first.user.click(
        screen.getByRole('button', {
          name: 'Remove the question: How long before stripping forms?',
        }),
      );
      expect(stored()).toEqual(['Which gloves for wet concrete?', 'Can I pour below 5 °C?']);
      first.unmount();

      // A reload (still without signal): the questions are still there, in order.
      const again = await openRoom('/test-room/12?session=s2');
      expect(items(again.messages())).toEqual([
        ['Which gloves for wet concrete?', OFFLINE_MARK],
        ['Can I pour below 5 °C?', OFFLINE_MARK],
      ]);
      // Nothing was tried without signal.
      expect(signedUrlCalls).toBe(0);
      again.unmount();

      // Another room has its own queue.
      renderApp('/test-room/13?session=s3');
      expect(await screen.findByText('Ready to chat')).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'on reconnect starts the conversation and sends the saved questions in order, one answer at a time, never twice',
    async () => {
      const convai = createConvaiServer();
      server.use(convai.handler);
      const { user, input, messages } = await openRoom();
      setSignal(false);
      await user.type(input, 'Which gloves for wet concrete?{Enter}');
      await user.type(input, 'How long before stripping forms?{Enter}');
      expect(signedUrlCalls).toBe(0);

      setSignal(true);
      // The conversation is started by itself, then the first question goes out alone.
      await waitFor(
        () =>
          expect(convai.sent('user_message')).toEqual([
            { type: 'user_message', text: 'Which gloves for wet concrete?' },
          ]),
        { timeout: 8000 },
      );
      expect(screen.getByRole('button', { name: 'End Conversation' })).toBeInTheDocument();
      expect(items(messages())).toEqual([
        ['Which gloves for wet concrete?', SENT_MARK],
        ['How long before stripping forms?', WAITING_MARK],
      ]);
      expect(screen.getByText('Field Advisor is thinking...')).toBeInTheDocument();
      // No answer yet: the second waits (the spec's send rules: one at a time), however long.
      await letTimePass(QUEUE_RETRY_MS + 1000);
      expect(convai.sent('user_message')).toHaveLength(1);
      // Sent but not answered is not removable.
      expect(
        screen.queryByRole('button', { name: /Remove the question: Which gloves/ }),
      ).toBeNull();

      act(() => {
        convai.reply({ text: 'Nitrile-coated gloves.' });
      });
      expect(await screen.findByText('Nitrile-coated gloves.')).toBeInTheDocument();
      await waitFor(() =>
        expect(convai.sent('user_message').map((f) => f['text'])).toEqual([
          'Which gloves for wet concrete?',
          'How long before stripping forms?',
        ]),
      );
      expect(stored()).toEqual(['How long before stripping forms?']);
      act(() => {
        convai.reply({ text: 'At least 24 hours.' });
      });
      expect(await screen.findByText('At least 24 hours.')).toBeInTheDocument();
      await waitFor(() =>
        expect(items(messages())).toEqual([
          ['Which gloves for wet concrete?', ''],
          ['Nitrile-coated gloves.', ''],
          ['How long before stripping forms?', ''],
          ['At least 24 hours.', ''],
        ]),
      );
      expect(localStorage.getItem(QUEUE_KEY)).toBeNull();
      await letTimePass(QUEUE_RETRY_MS + 1000);
      expect(convai.sent('user_message')).toHaveLength(2);
      expect(convai.urls).toHaveLength(1);
      expect(screen.queryByText(/No signal/)).toBeNull();
    },
    SLOW,
  );

  it(
    'keeps a question sent but unanswered when the session drops, and sends it once on the next session',
    async () => {
      const { convai, user, messages } = await askWhileSignalDrops('Is the slab ready?');
      expect(convai.urls).toHaveLength(1); // the same conversation carried it

      // The connection drops before the answer: the question is kept, waiting again.
      act(() => {
        convai.close(1006);
      });
      expect(await screen.findByRole('button', { name: 'Start Conversation' })).toBeInTheDocument();
      expect(items(messages()).at(-1)).toEqual(['Is the slab ready?', OFFLINE_MARK]);
      expect(stored()).toEqual(['Is the slab ready?']);

      await user.click(screen.getByRole('button', { name: 'Start Conversation' }));
      await waitFor(() => expect(convai.sent('user_message')).toHaveLength(2), { timeout: 8000 });
      act(() => {
        convai.reply({ text: 'Yes, after 7 days.' });
      });
      expect(await screen.findByText('Yes, after 7 days.')).toBeInTheDocument();
      expect(localStorage.getItem(QUEUE_KEY)).toBeNull();
      expect(within(messages()).getAllByText('Is the slab ready?')).toHaveLength(1);
    },
    SLOW,
  );
  it(
    'does not restart a conversation the user ended; its unanswered question waits for the next start',
    async () => {
      const { convai, user, messages } = await askWhileSignalDrops('Is the slab ready?');
      await user.click(screen.getByRole('button', { name: 'End Conversation' }));
      expect(await screen.findByRole('button', { name: 'Start Conversation' })).toBeInTheDocument();
      await letTimePass(QUEUE_RETRY_MS + 1000);
      expect(convai.urls).toHaveLength(1);
      expect(items(messages()).at(-1)).toEqual(['Is the slab ready?', WAITING_MARK]);
      expect(
        screen.getByText('1 saved question is waiting. It is sent when the conversation starts.'),
      ).toBeInTheDocument();
    },
    SLOW,
  );
});

describe('room chat: the choice between talking and typing', () => {
  it(
    'typing first starts text only and is remembered per room; switching to voice starts a voice conversation',
    async () => {
      const convai = createConvaiServer({ autoReply: () => ({ text: 'Nitrile.' }) });
      server.use(convai.handler);
      const first = await openRoom();
      await first.user.type(first.input, 'Which gloves?{Enter}');
      expect(await screen.findByText('Nitrile.')).toBeInTheDocument();
      // Straight to a text-only session: no microphone attempt (one signed URL), no notice.
      expect(signedUrlCalls).toBe(1);
      expect(convai.sent('conversation_initiation_client_data')[0]).toMatchObject({
        conversation_config_override: { conversation: { text_only: true } },
      });
      expect(screen.queryByText(/The microphone could not be opened/)).toBeNull();
      expect(
        screen.getByText('Text mode: no microphone, answers come as text.'),
      ).toBeInTheDocument();
      expect(JSON.parse(localStorage.getItem(voicePreferencesKey(12)) ?? '{}')).toMatchObject({
        textMode: true,
      });
      first.unmount();

      // Remembered for this room on this device: Start opens a text conversation again.
      const again = await openRoom('/test-room/12?session=s2');
      await again.user.click(screen.getByRole('button', { name: 'Start Conversation' }));
      expect(await screen.findByRole('button', { name: 'End Conversation' })).toBeInTheDocument();
      expect(signedUrlCalls).toBe(2);
      expect(convai.sent('conversation_initiation_client_data')[1]).toMatchObject({
        conversation_config_override: { conversation: { text_only: true } },
      });
      await again.user.type(again.input, 'And for cement?{Enter}');
      expect(await screen.findAllByText('Nitrile.')).toHaveLength(1);

      // Back to voice mid-conversation: a text-only session cannot carry voice, so a new voice
      // conversation starts (the test DOM has no microphone: it falls back to text, and says so);
      // the messages stay.
      await again.user.click(screen.getByRole('button', { name: 'Switch to voice' }));
      expect(
        await screen.findByText(
          /The microphone could not be opened, so this conversation is text only/,
        ),
      ).toBeInTheDocument();
      expect(await screen.findByRole('button', { name: 'End Conversation' })).toBeInTheDocument();
      expect(convai.urls).toHaveLength(3);
      expect(screen.getByText('And for cement?')).toBeInTheDocument();
      expect(JSON.parse(localStorage.getItem(voicePreferencesKey(12)) ?? '{}')).toMatchObject({
        textMode: false,
      });
    },
    SLOW,
  );

  it(
    'reads choices stored before text mode existed as voice, keeping the other keys',
    async () => {
      localStorage.setItem(
        voicePreferencesKey(12),
        JSON.stringify({ muted: true, holdToTalk: true, muteWhileAgentSpeaks: false }),
      );
      const room = await openRoom();
      // Voice: the one control offers to talk; no switch panel.
      const chat = screen.getByRole('region', { name: 'Chat with Field Advisor' });
      expect(within(chat).getByRole('button', { name: 'Talk' })).toBeEnabled();
      expect(within(chat).queryByRole('switch')).toBeNull();
      await room.user.click(screen.getByRole('button', { name: 'Voice settings' }));
      expect(
        screen.getByRole('menuitemcheckbox', {
          name: 'Mute the microphone while Field Advisor speaks',
        }),
      ).toHaveAttribute('aria-checked', 'false');
      expect(JSON.parse(localStorage.getItem(voicePreferencesKey(12)) ?? '{}')).toMatchObject({
        muted: true,
        holdToTalk: true,
      });
    },
    SLOW,
  );
});
