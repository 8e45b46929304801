/**
 * The order pad's load (bench/pad.ts), in a process of its own so that the load tool's work never counts on
 * the bot's event loop: autocannon with one connection per pad, each with its own link and address, each "giving an
 * order every few seconds" (the order, then the page's map), at a fixed overall rate. Answers autocannon's result.
 */
import autocannon from 'autocannon';

// Not a worker thread: autocannon in a worker thread answers its raw histograms (its own worker mode).
const { url, pads, rate, seconds } = await new Promise((resolve) => process.once('message', resolve));
let next = 0;
const result = await new Promise((resolve, reject) => {
  autocannon(
    {
      url,
      connections: pads.length,
      overallRate: rate,
      duration: seconds,
      setupClient(client) {
        const pad = pads[next++ % pads.length];
        const headers = {
          authorization: `Bearer ${pad.token}`,
          'x-forwarded-for': pad.address,
          'content-type': 'application/json',
        };
        client.setRequests([
          {
            method: 'POST',
            path: '/api/orders',
            headers,
            body: JSON.stringify({ text: pad.order, phaseId: pad.phaseId }),
          },
          { method: 'GET', path: '/api/map', headers: { ...headers, 'accept-encoding': 'br' } },
        ]);
      },
    },
    (err, res) => (err ? reject(err) : resolve(res)),
  );
});
if (!result?.latency) throw new Error('autocannon gave no latencies');
process.send({
  p50: result.latency.p50,
  p99: result.latency.p99,
  max: result.latency.max,
  requests: result.requests.total,
  non2xx: result.non2xx,
  errors: result.errors,
  timeouts: result.timeouts,
});
