import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A language model's stand-in for the browser suite: a real HTTP server speaking the OpenAI
 * chat-completions stream (server-sent events) that writes its answer from the first passage
 * it is given, as a grounded model would ("According to <source>, <its first sentence>"), one
 * word every `wordMs`, so a page can be seen receiving it part by part.
 */
export async function startModelStandIn(wordMs = 120): Promise<{ url: string; close(): void }> {
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404).end();
        return;
      }
      const { messages } = JSON.parse(raw) as { messages: { role: string; content: string }[] };
      const asked = messages.at(-1)?.content ?? '';
      // "[1] <source>:\n<passage>" up to the next passage or the question.
      const first = /\[1\] ([^\n]+):\n([\s\S]*?)(?:\n\n\[2\]|\n\nQuestion:)/.exec(asked);
      const sentences = (first?.[2] ?? '').replace(/\s+/g, ' ').split(/(?<=[.!?])\s/);
      // The first real sentence: a passage may open with its heading.
      const sentence = (
        sentences.find((t) => t.split(' ').length >= 6) ??
        sentences[0] ??
        ''
      ).trim();
      const answer = first
        ? `According to ${first[1]}, ${sentence.charAt(0).toLowerCase()}${sentence.slice(1)}`
        : 'The documents do not cover that; please ask your supervisor.';
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const send = (delta: object) =>
        res.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta }] })}\n\n`);
      send({ role: 'assistant' });
      const words = answer.split(/(?<= )/);
      const next = () => {
        const word = words.shift();
        if (word === undefined) {
          res.end('data: [DONE]\n\n');
          return;
        }
        send({ content: word });
        setTimeout(next, wordMs);
      };
      next();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}
