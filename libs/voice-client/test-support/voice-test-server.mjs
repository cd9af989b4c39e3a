// A tiny convai protocol server for the voice client's integration and browser tests: static
// files under a strict CSP, and the conversation socket with scripted scenarios picked by the
// agent id. It is a test double, not the product's server.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { WebSocketServer } from 'ws';

export const STRICT_CSP =
  "default-src 'self'; script-src 'self'; worker-src 'self' blob:; connect-src 'self' ws://127.0.0.1:*";

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript' };

/** 16-bit PCM of a sine tone, base64, in chunks of `chunkMs`. */
export function toneChunks({ rate = 16000, ms = 600, chunkMs = 100, hz = 440, amp = 0.5 } = {}) {
  const total = Math.round((rate * ms) / 1000);
  const per = Math.round((rate * chunkMs) / 1000);
  const chunks = [];
  for (let start = 0; start < total; start += per) {
    const n = Math.min(per, total - start);
    const buf = Buffer.alloc(n * 2);
    for (let i = 0; i < n; i++) {
      buf.writeInt16LE(
        Math.round(Math.sin((2 * Math.PI * hz * (start + i)) / rate) * amp * 32767),
        i * 2,
      );
    }
    chunks.push(buf.toString('base64'));
  }
  return chunks;
}

const wait = (ms) => new Promise((r) => setTimeout(r, ms));

async function listenInRange(server, from, to) {
  for (let attempt = 0; attempt < 40; attempt++) {
    const port = from + Math.floor(Math.random() * (to - from + 1));
    const ok = await new Promise((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (ok) return port;
  }
  throw new Error(`no free port in ${from}-${to}`);
}

/**
 * Starts the server on a free port in 3800-3899. Scenarios (agent_id): `chat` (default: metadata,
 * pings, a spoken reply to every user_message), `first-message` (a turn in the same tick as the
 * metadata), `reject` (1008 before metadata), `agent-close`, `error-close`, `drop`, `tool`,
 * `interrupt`.
 */
export async function startVoiceTestServer({ staticDir, csp = STRICT_CSP } = {}) {
  const connections = [];
  const http = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const noCsp = url.searchParams.has('nocsp');
    const file = path.join(
      staticDir ?? '.',
      path.normalize(url.pathname).replace(/^(\.\.[/\\])+/, ''),
    );
    if (!staticDir || !file.startsWith(path.resolve(staticDir))) {
      res.writeHead(404).end();
      return;
    }
    try {
      const body = await readFile(file);
      res.writeHead(200, {
        'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
        ...(noCsp || !csp ? {} : { 'content-security-policy': csp }),
        'cache-control': 'no-store',
      });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  const wss = new WebSocketServer({
    server: http,
    path: '/v1/convai/conversation',
    handleProtocols: (protocols) => (protocols.has('convai') ? 'convai' : false),
  });
  wss.on('connection', (ws, req) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const conn = {
      url: url.toString(),
      protocol: ws.protocol,
      offered: req.headers['sec-websocket-protocol'],
      received: [],
      closed: null,
    };
    connections.push(conn);
    const scenario = url.searchParams.get('agent_id') ?? 'chat';
    let eventId = 0;
    const send = (m) => ws.readyState === ws.OPEN && ws.send(JSON.stringify(m));
    const speak = async (text, { chunks = toneChunks(), gap = 20 } = {}) => {
      const id = ++eventId;
      send({
        type: 'agent_response',
        agent_response_event: { agent_response: text, event_id: id },
      });
      for (const c of chunks) {
        send({ type: 'audio', audio_event: { audio_base_64: c, event_id: id } });
        if (gap) await wait(gap);
      }
      return id;
    };
    ws.on('close', (code, reason) => (conn.closed = { code, reason: reason.toString() }));
    ws.on('message', async (data) => {
      const msg = JSON.parse(data.toString());
      conn.received.push(msg);
      if (msg.type === 'conversation_initiation_client_data') {
        if (scenario === 'reject') return ws.close(1008, 'Override not allowed');
        send({
          type: 'conversation_initiation_metadata',
          conversation_initiation_metadata_event: {
            conversation_id: `conv_${connections.length}`,
            agent_output_audio_format: 'pcm_16000',
            user_input_audio_format: 'pcm_16000',
          },
        });
        if (scenario === 'first-message') {
          // Same tick as the metadata, on purpose: the client must not lose these.
          send({
            type: 'agent_response',
            agent_response_event: { agent_response: 'Morning!', event_id: ++eventId },
          });
          send({ type: 'ping', ping_event: { event_id: ++eventId, ping_ms: 5 } });
          return;
        }
        await wait(60);
        send({ type: 'ping', ping_event: { event_id: ++eventId, ping_ms: null } });
        if (scenario === 'agent-close') {
          await wait(100);
          ws.close(1000, '');
        } else if (scenario === 'error-close') {
          await wait(100);
          send({ type: 'error', error_event: { code: 1002, message: 'LLM timed out' } });
          ws.close(1002, 'LLM timed out');
        } else if (scenario === 'drop') {
          await wait(300);
          ws.terminate();
        } else if (scenario === 'tool') {
          send({
            type: 'client_tool_call',
            client_tool_call: {
              tool_name: 'open_module',
              tool_call_id: 'call_1',
              parameters: { id: 3 },
              event_id: ++eventId,
            },
          });
          send({
            type: 'client_tool_call',
            client_tool_call: {
              tool_name: 'nope',
              tool_call_id: 'call_2',
              parameters: {},
              event_id: eventId,
            },
          });
        } else if (scenario === 'interrupt') {
          const id = await speak('Long answer', { chunks: toneChunks({ ms: 3000 }), gap: 0 });
          await wait(200);
          send({ type: 'interruption', interruption_event: { event_id: id + 1 } });
          eventId = id + 1;
          send({ type: 'audio', audio_event: { audio_base_64: toneChunks()[0], event_id: id } });
        }
      } else if (msg.type === 'user_message') {
        await speak(`You said: ${msg.text}`);
      }
    });
  });
  const port = await listenInRange(http, 3800, 3899);
  return {
    port,
    origin: `ws://127.0.0.1:${port}`,
    httpOrigin: `http://127.0.0.1:${port}`,
    connections,
    async close() {
      for (const c of wss.clients) c.terminate();
      await new Promise((r) => wss.close(() => r()));
      await new Promise((r) => http.close(() => r()));
    },
  };
}
