// The load generator of the money write benchmark, in its own thread (money-load.ts starts it) so
// it never shares the event loop of the server it measures; autocannon's HTTP client costs far
// less CPU than fetch, which matters with the server on the same two cores. Half the clients
// exchange, half approve the offers sent to them. Plain JS so worker threads load it without tsx.
import { randomUUID } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';

const { url, clients, durationSeconds } = workerData;

const EXCHANGES = [
  { from_currency: 1, to_currency: 2, from_amount: '1.00' },
  { from_currency: 2, to_currency: 1, from_amount: '12650' },
].map((b) => JSON.stringify(b));

/**
 * One client: one autocannon connection sending its next operation when the last one answered.
 * (autocannon clears a request's context after each request, so each client is its own
 * instance and keeps its count here.)
 */
function runClient(client, times, failures) {
  let n = 0;
  const instance = autocannon({
    url,
    connections: 1,
    duration: durationSeconds,
    requests: [
      {
        method: 'POST',
        setupRequest(req) {
          n++;
          const headers = {
            'content-type': 'application/json',
            authorization: `Bearer ${client.token}`,
            // The web client sends one key per submit (DESIGN.md section 4): measured with it.
            'idempotency-key': randomUUID(),
          };
          if (client.kind === 'exchange') {
            return { ...req, path: '/api/offers/exchanges/', headers, body: EXCHANGES[n % 2] };
          }
          const id = client.offerIds[n - 1] ?? client.offerIds.at(-1);
          return { ...req, path: `/api/offers/offers/${id}/approve/`, headers, body: '{}' };
        },
      },
    ],
  });
  instance.on('response', (_client, status, _bytes, responseTime) => {
    if (status === 200 || status === 201) times.push(responseTime);
    else failures[status] = (failures[status] ?? 0) + 1;
  });
  return instance;
}

const samples = { exchange: { times: [], failures: {} }, approve: { times: [], failures: {} } };
const started = performance.now();
await Promise.all(clients.map((c) => runClient(c, samples[c.kind].times, samples[c.kind].failures)));
const { exchange, approve } = samples;
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
  exchange: { ...stats(exchange.times), failures: exchange.failures },
  approve: { ...stats(approve.times), failures: approve.failures },
  all: stats([...exchange.times, ...approve.times]),
});
