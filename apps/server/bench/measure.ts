import { Worker } from 'node:worker_threads';

// One load measurement: autocannon in a worker thread (load-worker.mjs), so the generator and the
// server under test do not share one event loop. Prints and returns p50/p95/p99 and req/s.

export interface MeasureOptions {
  title: string;
  url: string;
  token: string;
  /** One path, or several used in turn (e.g. rotating search terms). */
  paths: string | string[];
  connections?: number;
  durationSeconds?: number;
}

export interface Measurement {
  title: string;
  requests: number;
  errors: number;
  non2xx: number;
  reqPerSec: number;
  p50: number;
  p95: number;
  p99: number;
}

/**
 * Requests timed one at a time rather than under autocannon's load: their percentiles, no
 * request rate, and no errors (a failed request throws before it is counted).
 */
export function timedOneByOne(
  title: string,
  requests: number,
  ms: { p50: number; p95: number; p99: number },
): Measurement {
  return {
    title,
    requests,
    errors: 0,
    non2xx: 0,
    reqPerSec: Number.NaN,
    p50: ms.p50,
    p95: ms.p95,
    p99: ms.p99,
  };
}

export async function measure(options: MeasureOptions): Promise<Measurement> {
  const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), {
    workerData: {
      url: options.url,
      token: options.token,
      paths: typeof options.paths === 'string' ? [options.paths] : options.paths,
      connections: options.connections ?? 10,
      durationSeconds: options.durationSeconds ?? Number(process.env.BENCH_SECONDS ?? 10),
    },
  });
  const result = await new Promise<Omit<Measurement, 'title'>>((resolve, reject) => {
    worker.on('message', (msg: { kind?: string } & Omit<Measurement, 'title'>) => {
      if (msg?.kind === 'bench-result') resolve(msg);
    });
    worker.once('error', reject);
  });
  await worker.terminate();
  const { kind: _kind, ...figures } = result as typeof result & { kind: string };
  const m: Measurement = { title: options.title, ...figures };
  const ms = (v: number) => `${v.toFixed(1)} ms`.padStart(9);
  console.log(
    `  ${m.title.padEnd(52)} p50 ${ms(m.p50)}  p95 ${ms(m.p95)}  p99 ${ms(m.p99)}  ${m.reqPerSec.toFixed(0).padStart(5)} req/s` +
      `  (${m.requests} requests, ${m.errors} errors, ${m.non2xx} non-2xx)`,
  );
  return m;
}
