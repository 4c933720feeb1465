// The load generator of the money write benchmark, in its own thread (money-load.ts starts it) so
// it never shares the event loop of the server it measures. Half the clients exchange, half
// approve the offers sent to them. Plain JS so worker threads load it without tsx.
//
// Each client is one keep-alive HTTP/1.1 connection on a bare socket that sends its next operation
// when the last one has answered, as pgbench's clients do. A load generator on the same two cores
// as the server and PostgreSQL takes CPU from both, and pgbench's own client is lean C: autocannon
// (32 instances, each with its timers, histograms and http-parser-js) cost about 0.1-0.3 ms of CPU
// per operation, a third of what the server itself spent (docs/benchmarks.md "Durable throughput").
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';

const { url, clients, durationSeconds } = workerData;
const { hostname, port } = new URL(url);

const EXCHANGES = [
  { from_currency: 1, to_currency: 2, from_amount: '1.00' },
  { from_currency: 2, to_currency: 1, from_amount: '12650' },
].map((b) => JSON.stringify(b));

/** The n-th request of a client, as bytes. */
function request(client, n) {
  const body = client.kind === 'exchange' ? EXCHANGES[n % 2] : '{}';
  const path =
    client.kind === 'exchange'
      ? '/api/offers/exchanges/'
      : `/api/offers/offers/${client.offerIds[n - 1] ?? client.offerIds.at(-1)}/approve/`;
  // The web client sends one key per submit (DESIGN.md section 4): measured with it.
  return (
    `POST ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\n` +
    `Authorization: Bearer ${client.token}\r\nIdempotency-Key: ${randomUUID()}\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
  );
}

/**
 * Reads HTTP/1.1 responses off one connection: the status of each complete one (a body by
 * Content-Length or chunked), handed to onResponse.
 */
function responseReader(onResponse) {
  let buffer = Buffer.alloc(0);
  return (chunk) => {
    buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
    for (;;) {
      const headEnd = buffer.indexOf('\r\n\r\n');
      if (headEnd < 0) return;
      const head = buffer.toString('latin1', 0, headEnd);
      const status = Number(head.slice(9, 12));
      const length = /\r\ncontent-length: *(\d+)/i.exec(head);
      let end;
      if (length) {
        end = headEnd + 4 + Number(length[1]);
        if (buffer.length < end) return;
      } else if (/\r\ntransfer-encoding: *chunked/i.test(head)) {
        const last = buffer.indexOf('\r\n0\r\n\r\n', headEnd + 2);
        if (last < 0) return;
        end = last + 7;
      } else {
        throw new Error(`a response without a length: ${head}`);
      }
      buffer = buffer.subarray(end);
      onResponse(status);
    }
  };
}

/** One client for durationSeconds: its answers' times (ms) and failures by status. */
function runClient(client, times, failures, until) {
  return new Promise((resolve, reject) => {
    let n = 0;
    let sentAt = 0;
    const socket = net.connect({ host: hostname, port: Number(port), noDelay: true });
    const send = () => {
      n++;
      sentAt = performance.now();
      socket.write(request(client, n));
    };
    socket.on(
      'data',
      responseReader((status) => {
        const now = performance.now();
        if (status === 200 || status === 201) times.push(now - sentAt);
        else failures[status] = (failures[status] ?? 0) + 1;
        if (now < until) send();
        else socket.end(resolve);
      }),
    );
    socket.once('connect', send);
    socket.once('error', reject);
  });
}

const samples = { exchange: { times: [], failures: {} }, approve: { times: [], failures: {} } };
const started = performance.now();
const until = started + durationSeconds * 1000;
await Promise.all(clients.map((c) => runClient(c, samples[c.kind].times, samples[c.kind].failures, until)));
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
