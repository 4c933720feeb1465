import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

// A local HTTP server that answers as the Central Bank of Uzbekistan's JSON feed does
// (DESIGN.md section 9), from a recorded answer, so the real client (modules/finance/cbu.ts) is
// tested without the internet. `answer` picks what the next requests get.

/** The feed as recorded on 20.11.2026 (a few of its currencies; KRW is quoted per 10 units). */
export const RECORDED_CBU = readFileSync(
  path.join(import.meta.dirname, 'fixtures/cbu-2026-11-20.json'),
  'utf8',
);

export type CbuAnswer =
  | { kind: 'json'; body: string }
  | { kind: 'status'; status: number }
  /** Answers after `ms` (the client gives up first). */
  | { kind: 'slow'; ms: number };

export interface CbuFeed {
  url: string;
  answer: CbuAnswer;
  requests: number;
  close(): Promise<void>;
}

export async function startCbuFeed(): Promise<CbuFeed> {
  const feed = { answer: { kind: 'json', body: RECORDED_CBU } as CbuAnswer, requests: 0 };
  const server = createServer((req, res) => {
    feed.requests++;
    const answer = feed.answer;
    if (answer.kind === 'status') {
      res.writeHead(answer.status, { 'content-type': 'text/html' }).end('<h1>Xatolik</h1>');
      return;
    }
    const body = answer.kind === 'json' ? answer.body : RECORDED_CBU;
    const send = () => res.writeHead(200, { 'content-type': 'application/json' }).end(body);
    if (answer.kind === 'slow') {
      const timer = setTimeout(send, answer.ms);
      req.on('close', () => clearTimeout(timer));
    } else {
      send();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(feed, {
    url: `http://127.0.0.1:${port}/uz/arkhiv-kursov-valyut/json/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
