// A minimal OpenAI-compatible chat client: POST {baseUrl}/chat/completions with stream: true
// and read the server-sent events. No SDK: the format is small and stable, and any compatible
// server (OpenAI, vLLM, llama.cpp, Ollama, LM Studio…) speaks it.

export interface LlmConfig {
  /** e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1 (no trailing /chat/completions). */
  baseUrl: string;
  apiKey: string | null;
  model: string;
  /** Longest wait for the response to start and between two pieces of it. */
  timeoutMs: number;
  temperature?: number;
  maxTokens?: number;
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export class LlmError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'LlmError';
  }
}

/**
 * Reads LLM_BASE_URL, LLM_API_KEY, LLM_MODEL, LLM_TIMEOUT_MS; null when LLM_BASE_URL is unset or
 * empty. A malformed value throws a message naming the variable (the start stops, as for the
 * other settings).
 */
export function llmConfigFromEnv(env: NodeJS.ProcessEnv = process.env): LlmConfig | null {
  const baseUrl = env.LLM_BASE_URL?.trim();
  if (!baseUrl) return null;
  let parsed: URL | null;
  try {
    parsed = new URL(baseUrl);
  } catch {
    parsed = null;
  }
  if (!parsed || !/^https?:$/.test(parsed.protocol)) {
    throw new Error(`LLM_BASE_URL must be an http(s) URL such as https://api.openai.com/v1`);
  }
  const rawTimeout = env.LLM_TIMEOUT_MS?.trim();
  const timeout = rawTimeout ? Number(rawTimeout) : 15_000;
  if (!Number.isInteger(timeout) || timeout <= 0) {
    throw new Error('LLM_TIMEOUT_MS must be a positive whole number of milliseconds');
  }
  return {
    baseUrl: baseUrl.replace(/\/+$/, ''),
    apiKey: env.LLM_API_KEY?.trim() || null,
    model: env.LLM_MODEL?.trim() || 'gpt-4o-mini',
    timeoutMs: timeout,
  };
}

/**
 * Streams the assistant's text. Throws LlmError on an HTTP error, a malformed stream, or when
 * nothing arrives for `timeoutMs`; aborts the request when `signal` aborts.
 */
export async function* streamChat(
  config: LlmConfig,
  messages: ChatMessage[],
  signal?: AbortSignal,
): AsyncGenerator<string> {
  const controller = new AbortController();
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, config.timeoutMs);
  };
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  if (signal?.aborted) controller.abort();
  arm();
  try {
    let response: Response;
    try {
      response = await fetch(`${config.baseUrl}/chat/completions`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'text/event-stream',
          ...(config.apiKey && { authorization: `Bearer ${config.apiKey}` }),
        },
        body: JSON.stringify({
          model: config.model,
          messages,
          stream: true,
          temperature: config.temperature ?? 0.2,
          ...(config.maxTokens && { max_tokens: config.maxTokens }),
        }),
        signal: controller.signal,
      });
    } catch (err) {
      throw new LlmError(
        timedOut ? 'the model did not answer in time' : 'the model is unreachable',
        {
          cause: err,
        },
      );
    }
    if (!response.ok || !response.body) {
      const detail = (await response.text().catch(() => '')).slice(0, 200);
      throw new LlmError(
        `the model answered HTTP ${response.status}${detail ? `: ${detail}` : ''}`,
      );
    }
    arm();
    // A server that ignores stream: true answers one JSON completion.
    if (/application\/json/i.test(response.headers.get('content-type') ?? '')) {
      let completion: unknown;
      try {
        completion = await response.json();
      } catch (err) {
        throw new LlmError('the model sent a malformed answer', { cause: err });
      }
      const content = (completion as { choices?: { message?: { content?: unknown } }[] })
        .choices?.[0]?.message?.content;
      if (typeof content === 'string' && content.length > 0) yield content;
      return;
    }
    const decoder = new TextDecoder();
    let buffer = '';
    const reader = response.body.getReader();
    try {
      for (;;) {
        let chunk: Awaited<ReturnType<typeof reader.read>>;
        try {
          chunk = await reader.read();
        } catch (err) {
          throw new LlmError(timedOut ? 'the model stopped answering' : 'the model stream broke', {
            cause: err,
          });
        }
        if (chunk.done) break;
        arm();
        buffer += decoder.decode(chunk.value, { stream: true });
        let newline: number;
        while ((newline = buffer.indexOf('\n')) >= 0) {
          const line = buffer.slice(0, newline).replace(/\r$/, '');
          buffer = buffer.slice(newline + 1);
          if (!line.startsWith('data:')) continue;
          const data = line.slice(5).trim();
          if (data === '[DONE]') return;
          if (!data) continue;
          let event: unknown;
          try {
            event = JSON.parse(data);
          } catch (err) {
            throw new LlmError('the model sent a malformed event', { cause: err });
          }
          const failure = (event as { error?: { message?: string } }).error;
          if (failure) throw new LlmError(`the model reported an error: ${failure.message ?? ''}`);
          const piece = (event as { choices?: { delta?: { content?: unknown } }[] }).choices?.[0]
            ?.delta?.content;
          if (typeof piece === 'string' && piece.length > 0) yield piece;
        }
      }
    } finally {
      reader.cancel().catch(() => undefined);
    }
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}
