/**
 * The order pad's load (bench/pad.ts), in a process of its own so that the load's work never counts on the bot's
 * event loop. 200 pads, each with its own link, address and keep-alive connection, do what the page does
 * (src/web/page/main.ts):
 *
 * - each opens at a random moment of the first `openWithin` ms (seeded; 0: all in the same instant), as members open
 *   the links of a phase's DMs: it asks for the map's board and its own layer together (`GET /api/map`, `GET
 *   /api/map/orders`);
 * - then each gives an order every `every` ms (its first at a random moment of the first period, seeded) until
 *   `seconds` have passed since the start: `POST /api/orders`, then the map again, as the page reloads it after an
 *   order: the board revalidated with its ETag (304), the layer (a new one: each order differs from the pad's last,
 *   cycling through its unit's legal orders).
 *
 * Answers every request's latency (ms from sending to the whole answer read) by kind, and the failures.
 */
import http from 'node:http';

const { url, pads, seconds, every, openWithin } = await new Promise((resolve) => process.once('message', resolve));
const base = new URL(url);

/** Mulberry32: the pads' moments, the same every run. */
function random(seed) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const latencies = { open: [], order: [], board: [], layer: [] };
const failures = { status: 0, errors: 0 };

function request(agent, pad, kind, method, path, body, headers = {}) {
  return new Promise((resolve) => {
    const started = performance.now();
    const req = http.request(
      {
        host: base.hostname,
        port: base.port,
        method,
        path,
        agent,
        headers: {
          authorization: `Bearer ${pad.token}`,
          'x-forwarded-for': pad.address,
          'accept-encoding': 'br',
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => {
          latencies[kind].push(performance.now() - started);
          if (res.statusCode >= 400) failures.status++;
          resolve(res);
        });
      },
    );
    req.on('error', () => {
      failures.errors++;
      resolve(null);
    });
    req.end(body);
  });
}

async function runPad(pad, i, until) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
  const next = random(1000 + i);
  const opensAt = openWithin * next();
  if (opensAt > 0) await new Promise((r) => setTimeout(r, opensAt));
  const [board] = await Promise.all([
    request(agent, pad, 'open', 'GET', '/api/map'),
    request(agent, pad, 'open', 'GET', '/api/map/orders'),
  ]);
  const etag = board?.headers.etag;
  let at = performance.now() + next() * every;
  for (let n = 0; ; n++) {
    await new Promise((r) => setTimeout(r, Math.max(0, at - performance.now())));
    if (performance.now() >= until) break;
    const text = pad.orders[n % pad.orders.length];
    await request(agent, pad, 'order', 'POST', '/api/orders', JSON.stringify({ text, phaseId: pad.phaseId }));
    await Promise.all([
      request(agent, pad, 'board', 'GET', '/api/map', undefined, etag ? { 'if-none-match': etag } : {}),
      request(agent, pad, 'layer', 'GET', '/api/map/orders'),
    ]);
    at += every * (0.8 + 0.4 * next());
  }
  agent.destroy();
}

const until = performance.now() + seconds * 1000;
await Promise.all(pads.map((pad, i) => runPad(pad, i, until)));

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const summary = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? 0,
  };
};
process.send({
  all: summary(Object.values(latencies).flat()),
  kinds: Object.fromEntries(Object.entries(latencies).map(([k, v]) => [k, summary(v)])),
  ...failures,
});
