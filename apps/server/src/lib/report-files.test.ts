import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { reportFile } from './report-files.ts';

// The report files (DESIGN.md section 11) from rows that arrive in batches, as a cursor gives them.

interface Row {
  name: string;
  amount: string;
}

async function* batches(count: number): AsyncGenerator<Row[]> {
  for (let start = 0; start < count; start += 1000) {
    const size = Math.min(1000, count - start);
    yield Array.from({ length: size }, (_, i) => ({
      name: `Mahsulot ${start + i + 1}`,
      amount: `${start + i}.50`,
    }));
  }
}

const file = (count: number) => ({
  name: 'sinov',
  title: 'Sinov hisoboti',
  subtitle: '2026-11-01 — 2026-11-24',
  columns: [
    { header: 'Nomi', kind: 'text' as const, value: (r: Row) => r.name },
    { header: 'Summa', kind: 'money' as const, value: (r: Row) => r.amount },
  ],
  batches: batches(count),
  totals: async () => [null, '123.00'],
});

async function bytes(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

async function pdfText(data: Buffer): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await getDocument({ data: new Uint8Array(data), useSystemFonts: false }).promise;
  let text = '';
  for (let i = 1; i <= pdf.numPages; i++) {
    const content = await (await pdf.getPage(i)).getTextContent();
    text += `${content.items.map((item) => ('str' in item ? item.str : '')).join(' ')}\n`;
  }
  return text;
}

describe('report files', () => {
  it('CSV: a byte-order mark, the header, every row, the totals line; formulas defused', async () => {
    const rows = async function* () {
      yield [{ name: '=HYPERLINK("x")', amount: '1.00' }];
    };
    const answer = reportFile('csv', { ...file(0), batches: rows() }, 'uz');
    expect(answer).toMatchObject({ contentType: 'text/csv; charset=utf-8', filename: 'sinov.csv' });
    const text = (await bytes(answer.body)).toString('utf8');
    expect(text).toBe('\uFEFFNomi,Summa\r\n"\'=HYPERLINK(""x"")",1.00\r\nJami,123.00\r\n');
  });

  it('CSV: a negative figure stays a number; a text that starts like a formula is defused', async () => {
    const rows = async function* () {
      yield [
        { name: '=1+2', amount: '-125.50' },
        { name: '+998901234567', amount: '-0.01' },
        { name: '-5', amount: '0.00' },
        { name: '@SUM(A1)', amount: '-3' },
      ];
    };
    const answer = reportFile(
      'csv',
      { ...file(0), batches: rows(), totals: async () => [null, '-128.51'] },
      'uz',
    );
    const lines = (await bytes(answer.body)).toString('utf8').split('\r\n');
    expect(lines.slice(1)).toEqual([
      "'=1+2,-125.50",
      "'+998901234567,-0.01",
      "'-5,0.00",
      "'@SUM(A1),-3",
      'Jami,-128.51',
      '',
    ]);
  });

  it('CSV: a figure that is not a plain decimal is guarded like a text', async () => {
    const rows = async function* () {
      yield [{ name: 'x', amount: '-1+cmd|calc' }];
    };
    const answer = reportFile('csv', { ...file(0), batches: rows(), totals: undefined }, 'uz');
    expect((await bytes(answer.body)).toString('utf8')).toContain("x,'-1+cmd|calc\r\n");
  });

  it('PDF: every row in order over its pages, then the totals', async () => {
    const answer = reportFile('pdf', file(6000), 'uz');
    const text = await pdfText(await bytes(answer.body));
    expect(text).toContain('Sinov hisoboti');
    const numbers = [...text.matchAll(/Mahsulot (\d+)/g)].map((m) => Number(m[1]));
    expect(numbers).toEqual(Array.from({ length: 6000 }, (_, i) => i + 1));
    expect(text.slice(text.lastIndexOf('Mahsulot 6000'))).toContain('Jami');
  }, 30_000);

  it('PDF: the fonts keep the layouts of one page of words, not of the whole file', async () => {
    // What kept a 100,000-row PDF growing in memory (report-files.ts, forgetWordLayouts): every
    // row here adds two new words. This reads pdfkit's internals on purpose, so that an upgrade
    // that renames them fails here instead of quietly bringing the growth back.
    const answer = reportFile('pdf', file(3000), 'uz');
    await bytes(answer.body);
    type Font = { name: string; layoutCache?: object };
    const families = (answer.body as unknown as { _fontFamilies: Record<string, Font> })._fontFamilies;
    const dejaVu = new Map(Object.values(families).map((font) => [font.name, font]));
    for (const name of ['DejaVuSans', 'DejaVuSans-Bold']) {
      const cache = dejaVu.get(name)?.layoutCache;
      expect(cache, name).toBeTypeOf('object');
      expect(Object.keys(cache ?? {}).length, name).toBeLessThan(200);
    }
  }, 30_000);
});
