// The load generator runs in its own thread (measure.ts starts it), so autocannon's parsing never
// shares the event loop of the server it measures. Plain JS: worker threads load it without tsx.
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';

const { url, token, paths, connections, durationSeconds } = workerData;
let n = 0;
const times = [];
const instance = autocannon({
  url,
  connections,
  duration: durationSeconds,
  headers: { authorization: `Bearer ${token}` },
  // Round-robin over the given paths (several search terms in one run).
  requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths[n++ % paths.length] }) }],
});
// autocannon reports p97.5 but not p95: record every response time and compute exact percentiles.
instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
instance.then((result) => {
  times.sort((a, b) => a - b);
  const pct = (p) =>
    times.length === 0
      ? Number.NaN
      : times[Math.max(0, Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1))];
  // Tagged: autocannon itself posts messages when it runs off the main thread.
  parentPort.postMessage({
    kind: 'bench-result',
    // Off the main thread autocannon returns raw counters only, so count the responses here.
    requests: times.length,
    errors: result.errors ?? 0,
    non2xx: result.non2xx ?? 0,
    reqPerSec: times.length / durationSeconds,
    p50: pct(50),
    p95: pct(95),
    p99: pct(99),
  });
});
