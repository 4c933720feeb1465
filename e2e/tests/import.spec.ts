import { randomBytes } from 'node:crypto';
import { apiAs, apiSignIn, DEMO, expect, test } from '../fixtures.ts';

// DESIGN.md section 17, the page /admin/import: the template downloads, a file with errors shows
// each in its cell and cannot be posted, the fixed file is uploaded again and posted, and the
// catalogue then has its rows. The SKUs are the test's own, so no other spec sees them.

const HEADER = "Mahsulot nomi;Model;Kod;Turi;O'lchov birligi;SKU;Rang;Razmer";

function csv(rows: string[]) {
  return {
    name: 'katalog.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`\uFEFF${HEADER}\n${rows.join('\n')}\n`),
  };
}

test('a file with errors shows them in their cells; the fixed file is posted once', async ({ page }) => {
  const tag = randomBytes(3).toString('hex').toUpperCase();
  const code = 900_000 + Number.parseInt(tag, 16);
  const good = (name: string) => [
    `${name};IM-${tag};${code};FINISHED;Dona;IM-${tag}-M;Oq;M`,
    `${name};IM-${tag};${code};FINISHED;Dona;IM-${tag}-L;Oq;L`,
    `Kamar ${tag};KM-${tag};${code + 1};FINISHED;Dona;KM-${tag};Qora;`,
  ];
  await apiSignIn(page, DEMO.owner);
  await page.goto('/admin/import');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Shablonni yuklab olish' }).click();
  expect((await download).suggestedFilename()).toBe('catalog.xlsx');

  const bad = good(`Import ko'ylak ${tag}`);
  bad[1] = `;IM-${tag};abc;FINISHED;Dona;IM-${tag}-L;Oq;L`;
  await page.getByLabel('Fayl (.xlsx yoki .csv, 20 MB gacha)').setInputFiles(csv(bad));
  await expect(page.getByText('katalog.csv')).toBeVisible();
  await page.getByRole('button', { name: 'Yuklash va tekshirish' }).click();
  await expect(page.getByTestId('import-summary')).toHaveText("3 qator: 2 tasi to'g'ri, 2 ta xato");
  const row3 = page.getByRole('row').filter({ hasText: `IM-${tag}-L` });
  await expect(row3.locator('td[data-column="name"][aria-invalid="true"]')).toContainText(
    "Bu maydon bo'sh bo'lishi mumkin emas.",
  );
  await expect(row3.locator('td[data-column="code"][aria-invalid="true"]')).toContainText(
    "To'g'ri butun son kiriting.",
  );
  await expect(page.getByRole('list', { name: 'Xatolar' })).toContainText(
    "3-qator, Kod: To'g'ri butun son kiriting.",
  );
  await expect(page.getByRole('button', { name: "O'tkazish" })).toBeDisabled();

  await page
    .getByLabel('Fayl (.xlsx yoki .csv, 20 MB gacha)')
    .setInputFiles(csv(good(`Import ko'ylak ${tag}`)));
  await page.getByRole('button', { name: 'Yuklash va tekshirish' }).click();
  await expect(page.getByTestId('import-summary')).toHaveText("3 qator: 3 tasi to'g'ri, 0 ta xato");
  await expect(page.locator('td[aria-invalid="true"]')).toHaveCount(0);
  await page.getByRole('button', { name: "O'tkazish" }).click();
  await expect(page.getByRole('status')).toContainText(
    /Import #\d+ o'tkazildi: 3 ta yangi, 0 ta yangilandi\./,
  );
  await expect(page.getByRole('button', { name: "O'tkazish" })).toHaveCount(0);

  const api = await apiAs(page, DEMO.owner);
  const variants = (await (await api.get(`catalog/variants/?search=${tag}`)).json()) as Array<{
    sku: string;
  }>;
  expect(variants.map((v) => v.sku).sort()).toEqual([`IM-${tag}-L`, `IM-${tag}-M`, `KM-${tag}`]);
});
