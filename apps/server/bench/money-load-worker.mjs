// The load generator of the money write benchmark, in its own thread (money-load.ts starts it) so
// it never shares the event loop of the server it measures. Each client runs its operations one
// after another until the deadline; plain JS so worker threads load it without tsx.
import { randomUUID } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';

const { url, clients, durationSeconds } = workerData;
const deadline = Date.now() + durationSeconds * 1000;
const samples = { exchange: [], approve: [] };
const failures = { exchange: {}, approve: {} };

const EXCHANGES = [
  { from_currency: 1, to_currency: 2, from_amount: '1.00' },
  { from_currency: 2, to_currency: 1, from_amount: '12650' },
];

async function post(path, body, token) {
  const started = performance.now();
  const res = await fetch(`${url}/api/${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      // The web client sends one key per submit (DESIGN.md section 4): measured with it.
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify(body),
  });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
}

async function runClient(client) {
  let i = 0;
  while (Date.now() < deadline) {
    let result;
    if (client.kind === 'exchange') {
      result = await post('offers/exchanges/', EXCHANGES[i % 2], client.token);
    } else {
      const id = client.offerIds[i];
      if (id === undefined) break;
      result = await post(`offers/offers/${id}/approve/`, {}, client.token);
    }
    i++;
    const ok = result.status === 200 || result.status === 201;
    if (ok) samples[client.kind].push(result.ms);
    else failures[client.kind][result.status] = (failures[client.kind][result.status] ?? 0) + 1;
  }
}

const started = performance.now();
await Promise.all(clients.map(runClient));
const seconds = (performance.now() - started) / 1000;

function stats(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const pct = (p) =>
    sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
  return { ok: sorted.length, opsPerSec: sorted.length / seconds, p50: pct(50), p95: pct(95), p99: pct(99) };
}

parentPort.postMessage({
  kind: 'money-load-result',
  seconds,
  exchange: { ...stats(samples.exchange), failures: failures.exchange },
  approve: { ...stats(samples.approve), failures: failures.approve },
  all: stats([...samples.exchange, ...samples.approve]),
});
