// Upload and file-serving benchmark for the content library.
//
// Builds the API, starts the real server on a spare port with a throw-away DATA_DIR, signs in
// as the owner and:
// - uploads 100 MB (generated as it is sent, never held in memory) through POST
//   /api/content/upload, sampling the server's RSS; compared with writing the same bytes
//   straight to disk in this process (the baseline for MB/s);
// - reads the stored file back through GET /api/files/{key} in 4 MB Range requests (206),
//   compared with a plain static file server (fs stream to socket) on the same file.
import { createWriteStream, readFileSync, statSync, createReadStream } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { buildApi, startApi } from './api-server.mjs';

const SIZE = 100 * 1024 * 1024 - 64 * 1024; // just under the 100 MB limit, with room for headers
const RANGE = 4 * 1024 * 1024;
const PORT = Number(process.env.BENCH_PORT ?? 3750 + Math.floor(Math.random() * 40));
const BOUNDARY = '----fieldcraft-bench';
const MB = 1024 * 1024;

function body(bytes) {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="bench.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const chunk = Buffer.alloc(MB, 7);
  Buffer.from('000000186674797069736f6d0000020069736f6d6d703432', 'hex').copy(chunk);
  let sent = 0;
  let started = false;
  return {
    length: head.length + bytes + tail.length,
    stream: (withHead = true) =>
      new Readable({
        read() {
          if (!started && withHead) this.push(head);
          started = true;
          if (sent >= bytes) {
            if (withHead) this.push(tail);
            this.push(null);
            return;
          }
          const n = Math.min(chunk.length, bytes - sent);
          this.push(chunk.subarray(0, n));
          sent += n;
        },
      }),
  };
}

function rssOf(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

function request(options, payload) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: PORT, ...options }, (res) => {
      const chunks = [];
      let bytes = 0;
      res.on('data', (c) => {
        bytes += c.length;
        if (options.keep !== false) chunks.push(c);
      });
      res.on('end', () =>
        resolve({
          status: res.statusCode,
          headers: res.headers,
          bytes,
          body: Buffer.concat(chunks),
        }),
      );
    });
    req.on('error', reject);
    if (payload instanceof Readable) payload.pipe(req);
    else req.end(payload);
  });
}

console.log('\n== content upload and file serving ==');
await buildApi();
const password = 'bench-owner-password';
const api = await startApi({
  port: PORT,
  owner: { email: 'bench@fieldcraft.local', password },
  name: 'upload',
});
const { child, dataDir } = api;
let staticServer;
try {
  const origin = `http://127.0.0.1:${PORT}`;
  const login = await request(
    {
      path: '/api/auth/login',
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
    },
    JSON.stringify({ email: 'bench@fieldcraft.local', password }),
  );
  const cookie = String(login.headers['set-cookie']?.[0] ?? '').split(';')[0];
  if (login.status !== 200 || !cookie) throw new Error(`sign-in failed (${login.status})`);

  // Baseline 1: the same bytes straight to disk.
  const diskFile = path.join(dataDir, 'baseline.bin');
  let t = performance.now();
  await pipeline(body(SIZE).stream(false), createWriteStream(diskFile));
  const diskSecs = (performance.now() - t) / 1000;

  // The upload, sampling the server's RSS.
  const rssBefore = rssOf(child.pid);
  let rssPeak = rssBefore ?? 0;
  const sampler = setInterval(() => {
    const r = rssOf(child.pid);
    if (r !== null && r > rssPeak) rssPeak = r;
  }, 10);
  const payload = body(SIZE);
  t = performance.now();
  const up = await request(
    {
      path: '/api/content/upload',
      method: 'POST',
      headers: {
        cookie,
        origin,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'content-length': payload.length,
      },
    },
    payload.stream(),
  );
  const upSecs = (performance.now() - t) / 1000;
  clearInterval(sampler);
  if (up.status !== 201) throw new Error(`upload failed (${up.status}): ${up.body}`);
  const { url } = JSON.parse(up.body.toString());
  const key = url.split('/').pop();

  const mbps = (bytes, secs) => bytes / MB / secs;
  const diskRate = mbps(SIZE, diskSecs);
  const upRate = mbps(SIZE, upSecs);
  console.log(
    `upload ${(SIZE / MB).toFixed(1)} MB: ${upRate.toFixed(0)} MB/s through the API vs ` +
      `${diskRate.toFixed(0)} MB/s raw disk write → ${(upRate / diskRate).toFixed(2)}x of baseline`,
  );
  if (rssBefore !== null) {
    console.log(
      `server RSS: ${(rssBefore / MB).toFixed(0)} MB before, peak ${(rssPeak / MB).toFixed(0)} MB, ` +
        `growth ${((rssPeak - rssBefore) / MB).toFixed(1)} MB (${((100 * (rssPeak - rssBefore)) / SIZE).toFixed(1)}% of the file)`,
    );
  } else {
    console.log('server RSS: not measurable on this platform (/proc missing)');
  }

  // Make the file visible through an item, then read it back in Range requests.
  await request(
    {
      path: '/api/content/create-metadata',
      method: 'POST',
      headers: { cookie, origin, 'content-type': 'application/json' },
    },
    JSON.stringify({
      title: 'Bench video',
      description: 'bench',
      category: 'watch',
      type: 'VIDEO',
      url,
    }),
  );
  const size = statSync(path.join(dataDir, 'uploads', key)).size;

  async function ranged(get) {
    const start = performance.now();
    let total = 0;
    for (let from = 0; from < size; from += RANGE) {
      const to = Math.min(size, from + RANGE) - 1;
      const res = await get(from, to);
      if (res.status !== 206 || res.bytes !== to - from + 1) {
        throw new Error(`range ${from}-${to}: ${res.status}, ${res.bytes} bytes`);
      }
      total += res.bytes;
    }
    return mbps(total, (performance.now() - start) / 1000);
  }

  // Baseline 2: a plain static server on the same file (fs stream with the range, no checks).
  const filePath = path.join(dataDir, 'uploads', key);
  staticServer = http.createServer((req, res) => {
    const [, a, b] = /bytes=(\d+)-(\d+)/.exec(req.headers.range ?? '') ?? [];
    const start = Number(a);
    const end = Number(b);
    res.writeHead(206, {
      'content-type': 'video/mp4',
      'content-length': end - start + 1,
      'content-range': `bytes ${start}-${end}/${size}`,
    });
    createReadStream(filePath, { start, end }).pipe(res);
  });
  await new Promise((r) => staticServer.listen(0, '127.0.0.1', r));
  const staticPort = staticServer.address().port;
  const getStatic = (from, to) =>
    new Promise((resolve, reject) => {
      http
        .get(
          {
            host: '127.0.0.1',
            port: staticPort,
            path: '/f',
            headers: { range: `bytes=${from}-${to}` },
          },
          (res) => {
            let bytes = 0;
            res.on('data', (c) => (bytes += c.length));
            res.on('end', () => resolve({ status: res.statusCode, bytes }));
          },
        )
        .on('error', reject);
    });
  const getApi = (from, to) =>
    request({
      path: url,
      method: 'GET',
      keep: false,
      headers: { cookie, range: `bytes=${from}-${to}` },
    });

  // Warm both once, then measure.
  await ranged(getStatic);
  await ranged(getApi);
  const staticRate = await ranged(getStatic);
  const apiRate = await ranged(getApi);
  console.log(
    `range-served read (${RANGE / MB} MB ranges): ${apiRate.toFixed(0)} MB/s through /api/files vs ` +
      `${staticRate.toFixed(0)} MB/s plain static serve → ${(apiRate / staticRate).toFixed(2)}x of baseline`,
  );
} finally {
  staticServer?.close();
  await api.stop();
}
