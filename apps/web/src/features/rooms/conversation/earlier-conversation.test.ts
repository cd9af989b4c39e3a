import type { ConversationDetail } from '@fieldcraft/contracts';
import { describe, expect, it } from 'vitest';
import { EARLIER_CONTEXT_MAX, earlierContext, earlierMessages } from './earlier-conversation';

const detail = (texts: string[]): ConversationDetail => ({
  id: 'conv_1',
  roomId: 1,
  roomName: 'Room',
  agentId: 'a',
  startedAt: '2026-11-20T10:00:00.000Z',
  endedAt: null,
  durationSeconds: 60,
  messageCount: texts.length,
  preview: texts[0] ?? null,
  userId: 2,
  messages: texts.map((text, i) => ({
    eventId: i + 1,
    role: i % 2 === 0 ? 'user' : 'agent',
    source: i % 2 === 0 ? 'text' : 'agent',
    text,
    citations: [],
    feedback: null,
    createdAt: '2026-11-20T10:00:00.000Z',
  })),
});

describe('a continued conversation', () => {
  it('tells the advisor the turns in order, who said what', () => {
    expect(earlierContext(detail(['How deep is the footing?', '600 mm.']))).toBe(
      'Earlier conversation the user is continuing:\nUser: How deep is the footing?\nAdvisor: 600 mm.',
    );
  });

  it('keeps the latest turns when the whole would not fit', () => {
    const long = Array.from({ length: 40 }, (_, i) => `turn ${i} ${'x'.repeat(90)}`);
    const text = earlierContext(detail(long));
    expect(text.length).toBeLessThanOrEqual(EARLIER_CONTEXT_MAX);
    expect(text).toContain('turn 39');
    expect(text).not.toContain('turn 0 ');
  });

  it('shows the earlier turns as the user’s and the advisor’s bubbles', () => {
    const shown = earlierMessages(detail(['Q', 'A']));
    expect(shown.map((m) => [m.text, m.isUser])).toEqual([
      ['Q', true],
      ['A', false],
    ]);
  });
});
