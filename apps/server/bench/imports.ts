import { once } from 'node:events';
import { createWriteStream, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import ExcelJS from 'exceljs';
import type { BenchContext } from './context.ts';
import { type Measurement, timedOneByOne } from './measure.ts';

// DESIGN.md section 17's bars: 100,000 catalogue rows stage in <= 20 s and commit in <= 30 s on
// PostgreSQL on this machine, with memory flat. The file: 25,000 products x 4 variants (colour
// and size), one unit, as a .csv and as an .xlsx; the .xlsx is staged too (exceljs's streaming
// reader), the .csv committed. BENCH_IMPORT_ROWS sets the rows (100,000).

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const STAGE_BAR_S = 20;
const COMMIT_BAR_S = 30;
const COLORS = ['Oq', 'Qora', "Ko'k", 'Qizil'];
const SIZES = ['S', 'M', 'L', 'XL'];

const HEADER = ['name', 'model', 'code', 'type', 'unit', 'measure', 'sku', 'color', 'size', 'min_qty'];

function row(i: number): string[] {
  const product = Math.floor(i / 4);
  return [
    `Mahsulot ${product}`,
    `M-${product}`,
    String(100_000 + product),
    'FINISHED',
    'dona',
    'D',
    `BENCH-${i}`,
    COLORS[i % 4] as string,
    SIZES[Math.floor(i / 4) % 4] as string,
    '2',
  ];
}

async function writeCsv(file: string): Promise<void> {
  const out = createWriteStream(file);
  out.write(`${HEADER.join(';')}\n`);
  for (let i = 0; i < ROWS; i++) if (!out.write(`${row(i).join(';')}\n`)) await once(out, 'drain');
  out.end();
  await once(out, 'finish');
}

async function writeXlsx(file: string): Promise<void> {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false });
  const sheet = book.addWorksheet('catalog');
  sheet.addRow(HEADER).commit();
  for (let i = 0; i < ROWS; i++) sheet.addRow(row(i)).commit();
  sheet.commit();
  await book.commit();
}

const mb = (bytes: number) => `${(bytes / 1048576).toFixed(0)} MB`;

// A full collection before each measurement, so that its RSS growth counts what the work keeps
// alive and not the garbage of the step before (V8's own flag, set while running).
v8.setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; seconds: number; rssGrowth: number }> {
  collect();
  const before = process.memoryUsage().rss;
  let peak = before;
  const watch = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 100);
  const t0 = performance.now();
  try {
    const result = await work();
    return { result, seconds: (performance.now() - t0) / 1000, rssGrowth: peak - before };
  } finally {
    clearInterval(watch);
  }
}

async function upload(ctx: BenchContext, token: string, file: string) {
  const form = new FormData();
  form.append('kind', 'catalog');
  form.append('file', new Blob([readFileSync(file)]), path.basename(file));
  const res = await fetch(`${ctx.url}/api/imports/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await res.json()) as { id: number; rows: number; valid: number; errors: unknown[] };
  if (res.status !== 201 || body.errors.length > 0)
    throw new Error(`staging failed: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  return body;
}

function report(title: string, seconds: number, bar: number, rssGrowth: number): Measurement {
  const verdict = seconds <= bar ? 'within' : 'OVER';
  console.log(
    `  ${title.padEnd(52)} ${seconds.toFixed(1).padStart(6)} s (${verdict} the ${bar} s bar; peak RSS +${mb(rssGrowth)})`,
  );
  const ms = seconds * 1000;
  return timedOneByOne(title, 1, { p50: ms, p95: ms, p99: ms });
}

export async function benchImports(ctx: BenchContext): Promise<Measurement[]> {
  const { tokens } = await ctx.createBusinessWithUsers(['Owner'] as const);
  const csv = path.join(tmpdir(), `bench-import-${process.pid}.csv`);
  const xlsx = path.join(tmpdir(), `bench-import-${process.pid}.xlsx`);
  try {
    await writeCsv(csv);
    await writeXlsx(xlsx);
    console.log(`  ${ROWS} catalogue rows: .csv ${mb(statSync(csv).size)}, .xlsx ${mb(statSync(xlsx).size)}`);
    const out: Measurement[] = [];
    const x = await timed(() => upload(ctx, tokens.Owner, xlsx));
    out.push(report(`stage ${ROWS} rows (.xlsx)`, x.seconds, STAGE_BAR_S, x.rssGrowth));
    const c = await timed(() => upload(ctx, tokens.Owner, csv));
    out.push(report(`stage ${ROWS} rows (.csv)`, c.seconds, STAGE_BAR_S, c.rssGrowth));
    const posted = await timed(async () => {
      const res = await fetch(`${ctx.url}/api/imports/${c.result.id}/commit/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens.Owner}`, 'content-type': 'application/json' },
        body: '{}',
      });
      if (res.status !== 200)
        throw new Error(`commit failed: ${res.status} ${(await res.text()).slice(0, 300)}`);
      return res.json();
    });
    out.push(report(`commit ${ROWS} new rows`, posted.seconds, COMMIT_BAR_S, posted.rssGrowth));
    return out;
  } finally {
    rmSync(csv, { force: true });
    rmSync(xlsx, { force: true });
  }
}
