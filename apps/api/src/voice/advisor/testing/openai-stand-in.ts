import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ChatMessage } from '../llm';

// ---------------------------------------------------------------------------------------------
// A vendor stand-in for tests: a real HTTP server speaking the OpenAI chat-completions SSE
// format at /v1/chat/completions. `behaviour` switches how it answers.

export type Behaviour = 'stream' | 'http-500' | 'hang' | 'break' | 'no-source' | 'json' | 'slow';

export interface StandIn {
  url: string;
  behaviour: Behaviour;
  reply: string;
  /**
   * Set: writes each reply from the request, the way a model would from the passages it was
   * given (the advisor benchmark replays a grounded model this way). Unset: `reply`.
   */
  respond: ((body: StandIn['requests'][number]['body']) => string) | null;
  /** Responses the client hung up on before they were complete. */
  abandoned: number;
  requests: {
    headers: IncomingMessage['headers'];
    body: { messages: ChatMessage[]; stream: boolean; model: string };
  }[];
  close(): Promise<void>;
}

export async function startStandIn(): Promise<StandIn> {
  const state: StandIn = {
    url: '',
    behaviour: 'stream',
    reply: 'According to Excavation guide, page 2, trenches five feet deep or more need shoring.',
    respond: null,
    abandoned: 0,
    requests: [],
    close: async () => undefined,
  };
  const open = new Set<ServerResponse>();
  const server: Server = createServer((req, res) => {
    res.on('close', () => {
      if (!res.writableFinished) state.abandoned += 1;
    });
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404).end();
        return;
      }
      const body = JSON.parse(raw) as StandIn['requests'][number]['body'];
      state.requests.push({ headers: req.headers, body });
      const written = state.respond ? state.respond(body) : state.reply;
      if (state.behaviour === 'http-500') {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'overloaded' } }));
        return;
      }
      if (state.behaviour === 'hang') {
        open.add(res);
        return;
      }
      if (state.behaviour === 'json') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            choices: [{ index: 0, message: { role: 'assistant', content: written } }],
          }),
        );
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const reply =
        state.behaviour === 'no-source' ? 'Keep trenches shored when they are deep.' : written;
      const words = reply.split(/(?<= )/);
      const event = (content: string) =>
        `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content } }] })}\n\n`;
      res.write(
        `data: ${JSON.stringify({ choices: [{ index: 0, delta: { role: 'assistant' } }] })}\n\n`,
      );
      if (state.behaviour === 'break') {
        res.write(event(words.slice(0, 3).join('')));
        setTimeout(() => res.destroy(), 20);
        return;
      }
      let i = 0;
      const next = () => {
        if (i < words.length) {
          res.write(event(words[i++] ?? ''));
          setTimeout(next, state.behaviour === 'slow' ? 100 : 2);
        } else {
          res.write('data: [DONE]\n\n');
          res.end();
        }
      };
      next();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  state.url = `http://127.0.0.1:${port}/v1`;
  state.close = async () => {
    for (const res of open) res.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return state;
}
