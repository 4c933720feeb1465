import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { withCheckDigit } from '@app/shared';
import { writeBarcodeVideo } from '../fake-camera.ts';
import { apiAs, apiSignIn, DEMO, expect, test } from '../fixtures.ts';
import { createTaggedVariants, StockListPage } from '../pages/stock-pages.ts';
import { CHROMIUM_LAUNCH } from '../playwright.config.ts';

// DESIGN.md section 18: the phone's camera in a variant picker. Chromium's fake capture device
// plays a video of a printed EAN-13 (fake-camera.ts); Linux Chromium has no BarcodeDetector, so
// this reads through the barcode-detector ponyfill and its ZXing WebAssembly, as most phones'
// browsers other than Chrome on Android do.

// A code no other test uses: 48 + 10 random digits + check digit, known before the browser starts.
const CODE = withCheckDigit(
  `48${String(randomBytes(5).readUIntBE(0, 5) % 10_000_000_000).padStart(10, '0')}`,
);
const VIDEO = path.join(tmpdir(), `e2e-camera-${process.pid}.y4m`);
writeBarcodeVideo(CODE, VIDEO);

test.use({
  launchOptions: {
    ...CHROMIUM_LAUNCH,
    args: [
      ...CHROMIUM_LAUNCH.args,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${VIDEO}`,
    ],
  },
});

test('the camera reads a printed EAN-13 and the stock-entry picker picks its variant', async ({ page }) => {
  test.setTimeout(60_000);
  const keeper = await apiAs(page, DEMO.omborchi);
  const [variant] = await createTaggedVariants(keeper, `CAM${Date.now().toString().slice(-7)}`, 1);
  expect((await keeper.patch(`catalog/variants/${variant!.id}/`, { barcode: CODE })).status()).toBe(200);

  await apiSignIn(page, DEMO.taminotchi);
  const form = await new StockListPage(page, '/buy').open();
  await form.dialog.getByRole('button', { name: 'Kamera bilan skanerlash' }).click();
  const scanner = page.getByRole('dialog', { name: 'Shtrix-kodni skanerlash' });
  await expect(scanner.getByTestId('scanner-video')).toBeVisible();
  // The reader loads on opening (the ponyfill and its .wasm), then reads the frames.
  await expect(form.dialog.getByTestId('variant-selected')).toContainText(variant!.sku, { timeout: 30_000 });
  await expect(scanner).toHaveCount(0);
});
