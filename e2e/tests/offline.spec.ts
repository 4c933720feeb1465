import { randomUUID } from 'node:crypto';
import { D, formatMoneyFixed } from '@app/shared';
import type { Page } from '@playwright/test';
import { apiAs, apiSignIn, DEMO, expect, holdLock, releaseLocks, test } from '../fixtures.ts';
import { CounterPage, docTag } from '../pages/document-pages.ts';
import { scan, withCheckDigit } from '../pages/scanner.ts';
import { createTaggedVariants, stockTheTrader } from '../pages/stock-pages.ts';

// DESIGN.md section 23 on the web, against the built app with its service worker: the counter
// sells without a connection, keeps its queue through a reload, sends each sale once when the
// connection returns, and gives back as a draft (with the reason) a sale whose stock went meanwhile.
// Each test makes its own variants, priced in the default list at a price of its own, so the
// sales it counts are its own; it holds the Bozorchi's cash (other specs measure it) and the
// default price list (price-types.spec.ts changes it).

test.afterEach(releaseLocks);
test.use({ viewport: { width: 375, height: 812 } });

type Api = Awaited<ReturnType<typeof apiAs>>;

/** A variant of the test's own, priced at `price` in the default list, with `stock` on the Bozorchi. */
async function ownVariant(page: Page, tag: string, price: string, stock: string) {
  const owner = await apiAs(page, DEMO.owner);
  const types = (await (await owner.get('catalog/price-types/')).json()) as Array<{
    id: number;
    is_default: boolean;
    currency_code: string;
  }>;
  const list = types.find((t) => t.is_default)!;
  expect(list.currency_code, 'the demo default list is in UZS').toBe('UZS');
  const [variant] = await createTaggedVariants(await apiAs(page, DEMO.omborchi), tag, 1);
  const set = await owner.put(`catalog/variants/${variant!.id}/prices/`, {
    prices: [{ price_type: list.id, price }],
  });
  expect(set.status(), 'price set').toBe(200);
  await stockTheTrader(page, variant!.id, stock);
  return variant!;
}

/**
 * What each test starts from: the shared Bozorchi's cash and the default list held for it (other
 * specs move them), a price of its own, a variant of its own priced at it with `stock` on the
 * Bozorchi, and the Bozorchi's API.
 */
async function ownSale(page: Page, stock: string) {
  await holdLock('bozorchi-cash');
  await holdLock('default-price-type');
  const price = String(20_000 + Math.floor(Math.random() * 60_000));
  const variant = await ownVariant(page, docTag(), price, stock);
  return { price, variant, trader: await apiAs(page, DEMO.bozorchi) };
}

/** What the Bozorchi holds of a variant ("0" once it is all gone). */
async function onHand(trader: Api, sku: string): Promise<string> {
  const rows = (await (await trader.get('inventory/stocks/my-balance/')).json()) as Array<{
    variant: { sku: string };
    qty_on_hand: string;
  }>;
  return rows.find((r) => r.variant.sku === sku)?.qty_on_hand ?? '0';
}

async function uzsCash(trader: Api): Promise<number> {
  const rows = (await (await trader.get('finance/balances/my-user/')).json()) as Array<{
    currency_code: string;
    on_hand: string;
  }>;
  return Number(rows.find((r) => r.currency_code === 'UZS')!.on_hand);
}

/** Today's sales of the Bozorchi at this total, by status (the newest 20 sales are enough). */
async function salesAt(trader: Api, total: string, status: 'POSTED' | 'DRAFT') {
  const page = (await (await trader.get(`sales/?status=${status}`)).json()) as {
    results: Array<{ id: number; number: string; total: string; note: string }>;
  };
  return page.results.filter((s) => s.total === total);
}

/** The device's kept catalogue has the variant with its prices (the counter refreshed it online). */
async function keptOnDevice(page: Page, variant: number): Promise<boolean> {
  return page.evaluate(
    (id) =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('backoffice-counter');
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('catalogue')) return resolve(false);
          const all = db.transaction('catalogue').objectStore('catalogue').getAll();
          all.onsuccess = () =>
            resolve(
              (
                all.result as Array<{ variants: Array<{ id: number }>; prices: Record<number, unknown> }>
              ).some((s) => s.variants.some((v) => v.id === id) && Boolean(s.prices[id])),
            );
        };
      }),
    variant,
  );
}

/** Opens the counter online, and waits until the app and its catalogue are kept on the device. */
async function openCounterOnline(page: Page, variant: number): Promise<CounterPage> {
  await apiSignIn(page, DEMO.bozorchi);
  const counter = await new CounterPage(page).open();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => keptOnDevice(page, variant), { timeout: 15_000 }).toBe(true);
  return counter;
}

async function sellOffline(page: Page, counter: CounterPage, sku: string, price: string) {
  await counter.add(sku);
  await expect(counter.total).toContainText(formatMoneyFixed(price));
  await counter.sell.click();
  await expect(page.getByTestId('counter-queued')).toContainText("Sotuv navbatga qo'yildi");
  await page.getByRole('button', { name: 'Keyingi sotuv' }).click();
}

test('three sales made offline, before and after a reload, post once each when the connection returns', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const { price, variant, trader } = await ownSale(page, '5');
  const cashBefore = await uzsCash(trader);

  const counter = await openCounterOnline(page, variant.id);
  await context.setOffline(true);
  await expect(page.getByTestId('offline-status')).toContainText("Internet yo'q — sotuv navbatga qo'yiladi");
  // Offline sales are cash only: the nasiya button is disabled, with its reason.
  await expect(page.getByRole('button', { name: 'Nasiya' })).toBeDisabled();
  await expect(page.getByTestId('credit-offline')).toBeVisible();
  for (let i = 0; i < 2; i++) await sellOffline(page, counter, variant.sku, price);
  await expect(page.getByTestId('offline-waiting')).toHaveText('Yuborilishini kutmoqda: 2');

  // A reload without a connection: the service worker serves the app, the session cannot be
  // renewed, and the counter opens for the device's last user with its queue and its catalogue.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Yangi sotuv' })).toBeVisible();
  await expect(page.getByTestId('offline-waiting')).toHaveText('Yuborilishini kutmoqda: 2');
  await sellOffline(page, counter, variant.sku, price);
  await expect(page.getByTestId('offline-waiting')).toHaveText('Yuborilishini kutmoqda: 3');
  expect(await salesAt(trader, `${price}.00`, 'POSTED')).toHaveLength(0);

  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: 'Yangi sotuv' })).toBeVisible({ timeout: 15_000 });
  await expect
    .poll(async () => (await salesAt(trader, `${price}.00`, 'POSTED')).length, { timeout: 20_000 })
    .toBe(3);
  await expect(page.getByTestId('offline-waiting')).toHaveCount(0);
  // Exactly three sales moved the stock and the cash, and no more come later.
  await page.waitForTimeout(1500);
  expect(await salesAt(trader, `${price}.00`, 'POSTED')).toHaveLength(3);
  expect(await onHand(trader, variant.sku)).toBe('2.000');
  expect(await uzsCash(trader)).toBe(cashBefore + 3 * Number(price));
});

test('a connection that answers nothing counts as none: the counter sells from the device and sends the sale once it answers', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const { price, variant, trader } = await ownSale(page, '2');
  const counter = await openCounterOnline(page, variant.id);

  // A network without the internet: the browser says online, and no request to the API gets an
  // answer (context.route sees the service worker's requests too).
  const api = '**/api/**';
  await context.route(api, (route) => route.abort('internetdisconnected'));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Yangi sotuv' })).toBeVisible();
  expect(await page.evaluate(() => navigator.onLine)).toBe(true);
  await expect(page.getByTestId('offline-status')).toContainText("Internet yo'q — sotuv navbatga qo'yiladi");
  await sellOffline(page, counter, variant.sku, price);
  await expect(page.getByTestId('offline-waiting')).toHaveText('Yuborilishini kutmoqda: 1');

  // The server answers again, with no `online` event: the counter notices it by asking again, and
  // the queue's runner sends the sale.
  await context.unroute(api);
  await expect
    .poll(async () => (await salesAt(trader, `${price}.00`, 'POSTED')).length, { timeout: 40_000 })
    .toBe(1);
  // Online again with nothing waiting: the status is gone.
  await expect(page.getByTestId('offline-status')).toHaveCount(0, { timeout: 20_000 });
  await page.waitForTimeout(1500);
  expect(await salesAt(trader, `${price}.00`, 'POSTED')).toHaveLength(1);
  expect(await onHand(trader, variant.sku)).toBe('1.000');
});

test('lists that never answer count as no connection after 8 s: the counter says so and sells cash only', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  const { variant } = await ownSale(page, '1');
  await openCounterOnline(page, variant.id);

  // A network that drops the requests without failing them: the price lists and the currencies
  // are held unanswered, the rest (the session, the search) answers.
  for (const held of ['**/api/catalog/price-types/**', '**/api/finance/currencies/**'])
    await context.route(held, () => {});
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Yangi sotuv' })).toBeVisible();
  await expect(page.getByTestId('offline-status')).toHaveCount(0);
  await expect(page.getByTestId('offline-status')).toContainText("Internet yo'q — sotuv navbatga qo'yiladi", {
    timeout: 15_000,
  });
  await expect(page.getByRole('button', { name: 'Nasiya' })).toBeDisabled();
});

test('a sale whose last unit another client took meanwhile comes back as a draft with the reason', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const { price, variant, trader } = await ownSale(page, '1');

  const counter = await openCounterOnline(page, variant.id);
  await context.setOffline(true);
  await sellOffline(page, counter, variant.sku, price);
  await expect(page.getByTestId('offline-waiting')).toHaveText('Yuborilishini kutmoqda: 1');

  // Another client sells the last unit online meanwhile.
  const taken = await trader.post(
    'sales/?post=true',
    { currency: 2, lines: [{ variant: variant.id, qty: '1', price }] },
    { 'Idempotency-Key': randomUUID() },
  );
  expect(taken.status(), 'the other sale posted').toBe(201);

  await context.setOffline(false);
  const returned = page.getByTestId('offline-returned');
  await expect(returned).toContainText("O'tkazilmagan sotuvlar", { timeout: 20_000 });
  await expect(returned).toContainText(variant.sku);
  await expect(page.getByTestId('offline-waiting')).toHaveCount(0);
  const drafts = await salesAt(trader, `${price}.00`, 'DRAFT');
  expect(drafts).toHaveLength(1);
  const draft = (await (await trader.get(`sales/${drafts[0]!.id}/`)).json()) as {
    note: string;
    lines: Array<{ variant: { id: number }; qty: string }>;
  };
  expect(draft.note).toContain(variant.sku);
  expect(draft.lines).toEqual([
    expect.objectContaining({ variant: expect.objectContaining({ id: variant.id }) }),
  ]);
  await expect(returned.getByRole('link', { name: `Qoralama ${drafts[0]!.number}` })).toBeVisible();
  // Only the other client's sale posted; nothing was lost or sold twice.
  expect(await salesAt(trader, `${price}.00`, 'POSTED')).toHaveLength(1);
  expect(await onHand(trader, variant.sku)).toBe('0');
  await returned.getByRole('button', { name: 'Tushunarli' }).click();
  await expect(returned).toHaveCount(0);
});

test('a sale whose answer is lost on a weak connection is queued under its key and posted once', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const { price, variant, trader } = await ownSale(page, '3');

  const counter = await openCounterOnline(page, variant.id);
  // The first post reaches the server, which posts the sale, but its answer never arrives.
  let dropped = false;
  await page.route('**/api/sales/?post=true', async (route) => {
    if (dropped) return route.continue();
    dropped = true;
    await route.fetch();
    await route.abort('internetdisconnected');
  });
  await counter.add(variant.sku);
  await counter.sell.click();
  await expect(page.getByTestId('counter-queued')).toBeVisible();
  // The queue sends it again under the same key: the server answers with the sale it posted.
  await expect
    .poll(async () => (await salesAt(trader, `${price}.00`, 'POSTED')).length, { timeout: 20_000 })
    .toBe(1);
  await expect(page.getByTestId('offline-waiting')).toHaveCount(0);
  await page.waitForTimeout(1500);
  expect(await salesAt(trader, `${price}.00`, 'POSTED')).toHaveLength(1);
  expect(await salesAt(trader, `${price}.00`, 'DRAFT')).toHaveLength(0);
  expect(await onHand(trader, variant.sku)).toBe('2.000');
});

test('without a connection the counter reads scans from the device: a barcode, and a scale weight code as the business set', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await holdLock('weight-barcodes');
  const { price, variant, trader } = await ownSale(page, '5');
  const generated = await (await apiAs(page, DEMO.omborchi)).post(
    `catalog/variants/${variant.id}/barcode/`,
    {},
  );
  expect(generated.status(), 'in-store code generated').toBe(200);
  const inStore = ((await generated.json()) as { barcode: string }).barcode;
  // The scale prints 21 + the item number + 1,250 g.
  const weighed = withCheckDigit(`21${inStore.slice(2, 7)}01250`);
  const owner = await apiAs(page, DEMO.owner);
  expect((await owner.patch('admin/settings/', { weight_barcodes: 'weight' })).status()).toBe(200);
  try {
    const counter = await openCounterOnline(page, variant.id);
    const scanner = await context.newCDPSession(page);
    await context.setOffline(true);
    await expect(page.getByTestId('offline-status')).toContainText("Internet yo'q");
    await counter.picker.click();
    await scan(page, inStore, scanner);
    await expect(counter.line(variant.sku)).toBeVisible();
    await expect(counter.total).toContainText(formatMoneyFixed(price));
    // One more, weighed: 1 + 1.250.
    await scan(page, weighed, scanner);
    const total = new D(price).times('2.25').toFixed(2);
    await expect(counter.total).toContainText(formatMoneyFixed(total));
    await counter.sell.click();
    await expect(page.getByTestId('counter-queued')).toContainText("Sotuv navbatga qo'yildi");
    await page.getByRole('button', { name: 'Keyingi sotuv' }).click();
    await expect(page.getByTestId('offline-waiting')).toHaveText('Yuborilishini kutmoqda: 1');
    expect(await page.evaluate(() => navigator.onLine), 'offline for the page until now').toBe(false);

    await context.setOffline(false);
    await expect
      .poll(async () => (await salesAt(trader, total, 'POSTED')).length, { timeout: 20_000 })
      .toBe(1);
    expect(await onHand(trader, variant.sku)).toBe('2.750');
  } finally {
    await owner.patch('admin/settings/', { weight_barcodes: 'off' });
  }
});
