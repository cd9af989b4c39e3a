import { describe, expect, it } from 'vitest';
import { llmConfigFromEnv } from './llm';
import {
  classifySmallTalk,
  passageSentences,
  queryTerms,
  safetyTopic,
  stem,
  tsqueryFragment,
} from './text';

describe('question words', () => {
  it('keeps the meaningful words of a spoken question', () => {
    expect(
      queryTerms('How deep can a trench be before it needs shoring?').map((t) => t.word),
    ).toEqual(['deep', 'trench', 'shoring']);
    expect(queryTerms('Can you tell me what I need to know?')).toEqual([]);
    expect(queryTerms('Why doesn’t it work?').map((t) => t.word)).toEqual(['work']);
    // Generic site words count half.
    expect(queryTerms('site ladder').map((t) => t.weight)).toEqual([0.5, 1]);
  });

  it('stems enough to match plurals and -ing forms', () => {
    expect(stem('trenches')).toBe(stem('trench'));
    expect(stem('shoring')).toBe(stem('shore'));
    expect(stem('ladders')).toBe('ladder');
    expect(stem('daily')).toBe('daily');
  });

  it('builds safe to_tsquery groups with synonyms and prefixes only where specific', () => {
    const [deep, trench, shoring] = queryTerms('deep trench shoring');
    expect(deep && tsqueryFragment(deep)).toBe('(deep | depth)');
    expect(trench && tsqueryFragment(trench)).toBe('(trench:* | excavation:*)');
    expect(shoring && tsqueryFragment(shoring)).toBe('shoring:*');
    const [harness] = queryTerms('harness');
    expect(harness && tsqueryFragment(harness)).toBe('harness');
    for (const t of queryTerms("it's a trench! & | ! ( ) : * ' \\ drop table")) {
      expect(tsqueryFragment(t)).toMatch(/^[a-z0-9:*|() ]+$/);
    }
  });
});

describe('sentences', () => {
  it('joins wrapped lines, drops bullets and numbers, and marks headings', () => {
    const text =
      'Ladders\n- Inspect a ladder before use. Tag a damaged ladder "Do not use" and remove it from\nsite.\n2. Set it at a 4 to 1 angle.\nPersonal protective equipment (PPE)\n- Wear a hard hat.';
    expect(passageSentences(text)).toEqual([
      { text: 'Ladders', heading: true, section: 1 },
      { text: 'Inspect a ladder before use.', heading: false, section: 1 },
      {
        text: 'Tag a damaged ladder "Do not use" and remove it from site.',
        heading: false,
        section: 1,
      },
      { text: 'Set it at a 4 to 1 angle.', heading: false, section: 1 },
      { text: 'Personal protective equipment (PPE)', heading: true, section: 2 },
      { text: 'Wear a hard hat.', heading: false, section: 2 },
    ]);
  });
});

describe('small talk', () => {
  it.each([
    ['Hello', 'greeting'],
    ['hey there', 'greeting'],
    ['Good morning, Field Advisor!', 'greeting'],
    ['Thanks a lot', 'thanks'],
    ['thank you so much for the help', 'thanks'],
    ['Who are you?', 'identity'],
    ['what can you do', 'identity'],
    ['how are you doing today?', 'wellbeing'],
    ['ok bye', 'goodbye'],
  ])('%s is %s', (question, kind) => {
    expect(classifySmallTalk(question, 'Field Advisor')).toBe(kind);
  });

  it.each([
    'Hi, how deep can a trench be?',
    'thanks, and what about ladders?',
    'How deep can a trench be?',
    'hit the breaker',
  ])('%s is a question', (question) => {
    expect(classifySmallTalk(question, 'Field Advisor')).toBeNull();
  });
});

describe('safety-critical topics', () => {
  it.each([
    ['Do I need a harness on the roof?', 'work at height'],
    ['How tall can a scaffold be?', 'work at height'],
    ['Can I go into the manhole?', 'confined spaces'],
    ['Is the panel energized?', 'live electrical work'],
    ['How do I lock out the circuit?', 'live electrical work'],
    ['How deep before we need shoring?', 'excavation and trenching'],
    ['We found lagging on the old pipes', 'asbestos'],
    ['Who signals the crane?', 'lifting and rigging'],
    ['What sling do I use?', 'lifting and rigging'],
  ])('%s → %s', (question, topic) => {
    expect(safetyTopic(question)).toBe(topic);
  });

  it('leaves everyday questions alone', () => {
    expect(safetyTopic('How long do I keep the slab moist?')).toBeNull();
    expect(safetyTopic('What goes in the daily report?')).toBeNull();
  });
});

describe('model settings from the environment', () => {
  it('is off without LLM_BASE_URL and reads the rest when set', () => {
    expect(llmConfigFromEnv({})).toBeNull();
    expect(llmConfigFromEnv({ LLM_BASE_URL: '  ' })).toBeNull();
    expect(
      llmConfigFromEnv({
        LLM_BASE_URL: 'http://127.0.0.1:11434/v1/',
        LLM_API_KEY: 'k',
        LLM_MODEL: 'llama3.2',
        LLM_TIMEOUT_MS: '8000',
      }),
    ).toEqual({
      baseUrl: 'http://127.0.0.1:11434/v1',
      apiKey: 'k',
      model: 'llama3.2',
      timeoutMs: 8000,
    });
    expect(llmConfigFromEnv({ LLM_BASE_URL: 'https://api.openai.com/v1' })).toEqual({
      baseUrl: 'https://api.openai.com/v1',
      apiKey: null,
      model: 'gpt-4o-mini',
      timeoutMs: 15000,
    });
  });

  it('names the variable when a value is bad', () => {
    expect(() => llmConfigFromEnv({ LLM_BASE_URL: 'not a url' })).toThrow(/LLM_BASE_URL/);
    expect(() => llmConfigFromEnv({ LLM_BASE_URL: 'ftp://x/v1' })).toThrow(/LLM_BASE_URL/);
    expect(() => llmConfigFromEnv({ LLM_BASE_URL: 'http://x/v1', LLM_TIMEOUT_MS: 'soon' })).toThrow(
      /LLM_TIMEOUT_MS/,
    );
  });
});
