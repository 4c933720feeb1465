import { inflateSync } from 'node:zlib';
import { ean13Modules, inStoreCode, withCheckDigit } from '@app/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { signInOutsider, startWithUsers } from '../../../test/harness.ts';
import { createProduct, createVariant, uniq } from './catalog.fixtures.ts';

// Barcodes, in-store codes, weight codes and labels (DESIGN.md section 18), on both engines.

const { t, as } = await startWithUsers(['Owner', 'Omborchi', 'Kassir']);
afterAll(() => t.close());
const owner = as.Owner;
const other = (await signInOutsider(t)).client;

const EAN = '4006381333931';

describe('a variant barcode', () => {
  it('is checked, unique in the business, found exactly, and cleared with an empty value', async () => {
    const made = await owner.post('catalog/variants/', {
      product: (await createProduct(owner)).id,
      sku: uniq('BC'),
      barcode: ` ${EAN} `,
    });
    expect(made.status).toBe(201);
    expect(made.body.barcode).toBe(EAN);

    const bad = await owner.post(
      'catalog/variants/',
      { product: made.body.product, sku: uniq('BC'), barcode: '4006381333932' },
      {
        'accept-language': 'ru',
      },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.barcode).toEqual(['Неверная контрольная цифра штрихкода: проверьте код.']);

    const second = await createVariant(owner, { product: made.body.product });
    const taken = await owner.patch(`catalog/variants/${second.id}/`, { barcode: EAN });
    expect(taken.status).toBe(400);
    expect(taken.body.barcode).toEqual([`Bu shtrix-kod ${made.body.sku} variantida bor.`]);
    // Another business may use the same code; it never sees this one's.
    const theirs = await createVariant(other, {});
    expect((await other.patch(`catalog/variants/${theirs.id}/`, { barcode: EAN })).status).toBe(200);

    const found = await owner.get(`catalog/variants/?barcode=${EAN}`);
    expect(found.body.map((v: { id: number }) => v.id)).toEqual([made.body.id]);
    expect((await owner.get('catalog/variants/?barcode=400638133393')).body).toEqual([]);
    const code128 = await owner.patch(`catalog/variants/${second.id}/`, { barcode: 'KL-01/M' });
    expect(code128.body.barcode).toBe('KL-01/M');
    expect((await owner.get('catalog/variants/?barcode=KL-01%2FM')).body[0].id).toBe(second.id);
    const cleared = await owner.patch(`catalog/variants/${made.body.id}/`, { barcode: '' });
    expect(cleared.body.barcode).toBeNull();
    expect((await owner.get(`catalog/variants/?barcode=${EAN}`)).body).toEqual([]);
  });
});

describe('in-store codes', () => {
  it('are EAN-13 from prefix 20, skip a code typed by hand, never given twice, and only to writers', async () => {
    const product = (await createProduct(owner)).id;
    const a = await createVariant(owner, { product });
    const b = await createVariant(owner, { product });
    const c = await createVariant(owner, { product });
    // The next in-store code is already a hand-typed barcode: generation steps over it.
    const next = await owner.post(`catalog/variants/${a.id}/barcode/`);
    expect(next.status).toBe(200);
    expect(next.body.barcode).toMatch(/^20\d{5}00000\d$/);
    const item = Number(next.body.barcode.slice(2, 7));
    await owner.patch(`catalog/variants/${b.id}/`, { barcode: inStoreCode(item + 1) });
    expect((await owner.post(`catalog/variants/${a.id}/barcode/`)).status).toBe(409);
    const bulk = await owner.post('catalog/variants/barcodes/', { variants: [a.id, b.id, c.id] });
    expect(bulk.status).toBe(200);
    expect(bulk.body.generated).toBe(1);
    expect(bulk.body.variants.map((v: { barcode: string }) => v.barcode)).toEqual([
      inStoreCode(item),
      inStoreCode(item + 1),
      inStoreCode(item + 2),
    ]);
    expect((await as.Kassir.post('catalog/variants/barcodes/', { variants: [c.id] })).status).toBe(403);
    expect((await other.post('catalog/variants/barcodes/', { variants: [c.id] })).status).toBe(404);
  });

  it('never collide when two generations run at once', async () => {
    const product = (await createProduct(owner)).id;
    const variants = await Promise.all(Array.from({ length: 12 }, () => createVariant(owner, { product })));
    const answers = await Promise.all(
      [0, 1, 2, 3].map((i) =>
        owner.post('catalog/variants/barcodes/', {
          variants: variants.slice(i * 3, i * 3 + 3).map((v) => v.id),
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    const codes = answers.flatMap((a) => a.body.variants.map((v: { barcode: string }) => v.barcode));
    expect(new Set(codes).size).toBe(12);
  });
});

describe('weight codes', () => {
  it("find the item's variant with its weight or price, per the business setting", async () => {
    const variant = await createVariant(owner, {});
    const code = (await owner.post(`catalog/variants/${variant.id}/barcode/`)).body.barcode as string;
    const item = code.slice(2, 7);
    const scale = withCheckDigit(`21${item}01250`);
    expect((await owner.get(`catalog/variants/?barcode=${scale}`)).body).toEqual([]);
    expect((await owner.patch('admin/settings/', { weight_barcodes: 'weight' })).body.weight_barcodes).toBe(
      'weight',
    );
    // Every user of the business learns it with who they are: the counter reads scans offline.
    expect((await as.Kassir.get('auth/whoami/')).body.weight_barcodes).toBe('weight');
    const weighed = await owner.get(`catalog/variants/?barcode=${scale}`);
    expect(weighed.body).toEqual([
      expect.objectContaining({ id: variant.id, scanned: { qty: '1.250', price: null } }),
    ]);
    await owner.patch('admin/settings/', { weight_barcodes: 'price' });
    const priced = await owner.get(`catalog/variants/?barcode=${withCheckDigit(`25${item}12500`)}`);
    expect(priced.body[0].scanned).toEqual({ qty: null, price: '12500.00' });
    expect((await owner.patch('admin/settings/', { weight_barcodes: 'grams' })).status).toBe(400);
    await owner.patch('admin/settings/', { weight_barcodes: 'off' });
  });
});

// ---------------------------------------------------------------------------------------------
// Labels: the PDF's text, and its bars read back from the vectors drawn: an EAN-13's 95 modules.

async function labels(body: unknown) {
  const res = await fetch(`${t.url}/api/catalog/labels/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${as.Kassir.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    data: Buffer.from(await res.arrayBuffer()),
  };
}

async function pdfText(data: Buffer) {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await getDocument({ data: new Uint8Array(data), useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const content = await (await pdf.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return pages;
}

/** Each stroked bar's centre and width in the first page's content, in the barcode's own units. */
function barsOf(pdf: Buffer): Array<{ x: number; width: number }> {
  const bars: Array<{ x: number; width: number }> = [];
  for (const [, raw = ''] of pdf.toString('latin1').matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(raw, 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const block of content.split('\nS\n')) {
      const width = / ?([\d.]+) w\n/.exec(block)?.[1];
      if (!width) continue;
      for (const [, x] of block.matchAll(/(?:^|\n)([\d.]+) [\d.]+ m\n\1 0 l/g))
        bars.push({ x: Number(x), width: Number(width) });
    }
    if (bars.length > 0) return bars;
  }
  return bars;
}

/** The modules the bars cover, `1` a bar, from the first bar to the last. */
function modulesOf(bars: Array<{ x: number; width: number }>): string {
  const unit = Math.min(...bars.map((b) => b.width));
  const left = Math.min(...bars.map((b) => b.x - b.width / 2));
  const right = Math.max(...bars.map((b) => b.x + b.width / 2));
  const modules = Array<string>(Math.round((right - left) / unit)).fill('0');
  for (const bar of bars) {
    const start = Math.round((bar.x - bar.width / 2 - left) / unit);
    for (let i = 0; i < Math.round(bar.width / unit); i++) modules[start + i] = '1';
  }
  return modules.join('');
}

describe('labels', () => {
  it('print the name in any script and the barcode as vector bars that read back to the code', async () => {
    const product = await createProduct(owner, { name: 'Koʻylak Ёлка' });
    const variant = await createVariant(owner, { product: product.id });
    const code = (await owner.post(`catalog/variants/${variant.id}/barcode/`)).body.barcode as string;
    const bare = await createVariant(owner, { product: product.id });

    const roll = await labels({
      items: [
        { variant: variant.id, copies: 2 },
        { variant: bare.id, copies: 1 },
      ],
      template: '58x40',
    });
    expect(roll.status).toBe(200);
    expect(roll.type).toBe('application/pdf');
    const pages = await pdfText(roll.data);
    expect(pages).toHaveLength(3);
    expect(pages[0]).toContain('Koʻylak Ёлка');
    expect(pages[0]).toContain(variant.sku);
    expect(pages[2]).toContain(bare.sku);
    expect(modulesOf(barsOf(roll.data))).toBe(ean13Modules(code));

    const sheet = await labels({ items: [{ variant: variant.id, copies: 25 }], template: 'A4-3x8' });
    expect(await pdfText(sheet.data)).toHaveLength(2); // 24 a sheet
  });

  it('refuses an unknown template, too many copies, another business variant and a price type before section 19', async () => {
    const variant = await createVariant(owner, {});
    expect((await labels({ items: [{ variant: variant.id, copies: 1 }], template: '100x50' })).status).toBe(
      400,
    );
    expect((await labels({ items: [{ variant: variant.id, copies: 2001 }], template: '40x30' })).status).toBe(
      400,
    );
    expect((await labels({ items: [], template: '40x30' })).status).toBe(400);
    const theirs = await createVariant(other, {});
    expect((await labels({ items: [{ variant: theirs.id, copies: 1 }], template: '40x30' })).status).toBe(
      400,
    );
    expect(
      (await labels({ items: [{ variant: variant.id, copies: 1 }], template: '40x30', price_type: 1 }))
        .status,
    ).toBe(400);
  });
});
