import { describe, expect, it } from 'vitest';
import { llmConfigFromEnv } from '../voice/advisor/llm';
import { loadConfig } from './config';
import { envDocs } from './env-schema';
import { speechEnv } from './speech';

const cwd = '/srv/fieldcraft';

// Everything the server derives from its environment, wherever the variable is parsed. The
// model client's settings only apply with a base URL, so one is always given.
function derived(env: NodeJS.ProcessEnv) {
  return {
    config: loadConfig(env, cwd),
    speech: speechEnv(env),
    llm: llmConfigFromEnv({ LLM_BASE_URL: 'http://127.0.0.1:9/v1', ...env }),
  };
}

describe('the environment table (envDocs)', () => {
  const docs = envDocs();

  it('documents every variable of the schema with a default and a meaning', () => {
    for (const doc of docs) {
      expect(doc.default, doc.name).not.toBe('');
      expect(doc.meaning.length, doc.name).toBeGreaterThan(10);
    }
  });

  // A default shown as one literal (`x`) must be what the server does when the variable is unset.
  const literal = docs.flatMap((doc) => {
    const match = /^`([^`]+)`$/.exec(doc.default);
    return match ? [[doc.name, match[1]] as const] : [];
  });

  it('has literal defaults to check', () => {
    expect(literal.map(([name]) => name)).toEqual(
      expect.arrayContaining(['PORT', 'LOGIN_MAX_FAILURES_PER_ADDRESS', 'TEXT_EXTRACTION_QUEUE']),
    );
  });

  it.each(literal)('%s set to its documented default (%s) changes nothing', (name, value) => {
    expect(derived({ [name]: value })).toEqual(derived({}));
  });

  it('a documented default that differs from the code is caught', () => {
    expect(derived({ LOGIN_MAX_FAILURES_PER_ADDRESS: '30' })).not.toEqual(derived({}));
  });
});
