// Camera scanning (DESIGN.md section 18): the browser's BarcodeDetector where it has one, else the
// barcode-detector ponyfill (ZXing-C++ in WebAssembly). The ponyfill and its .wasm are loaded only
// here, when the camera opens, so they stay out of the first page load; the .wasm is served by
// the app itself, not the package's default CDN (DESIGN.md section 6: no request leaves the origin).

/** The codes a variant may carry (EAN-13/8, UPC, Code 128) and QR. */
export const CAMERA_FORMATS = ['ean_13', 'ean_8', 'upc_a', 'upc_e', 'code_128', 'qr_code'] as const;

export interface BarcodeReader {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}

interface NativeDetectorClass {
  new (options: { formats: string[] }): BarcodeReader;
  getSupportedFormats(): Promise<string[]>;
}

/** The native detector, when it reads at least one of our formats (desktop Chrome has the class but no formats). */
async function nativeReader(): Promise<BarcodeReader | null> {
  if (!('BarcodeDetector' in window)) return null;
  const Native = (window as unknown as { BarcodeDetector: NativeDetectorClass }).BarcodeDetector;
  const supported = await Native.getSupportedFormats().catch(() => [] as string[]);
  const formats = CAMERA_FORMATS.filter((f) => supported.includes(f));
  return formats.length ? new Native({ formats }) : null;
}

async function ponyfillReader(): Promise<BarcodeReader> {
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
    import('barcode-detector/ponyfill'),
    // zxing-wasm comes with barcode-detector (it is the ponyfill's reader).
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  // Compiled now, so a refusal (a Content-Security-Policy without 'wasm-unsafe-eval') is told
  // when the camera opens, not swallowed frame after frame.
  await prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
    },
    fireImmediately: true,
  });
  return new BarcodeDetector({ formats: [...CAMERA_FORMATS] });
}

let loaded: Promise<BarcodeReader> | null = null;

/** A reader for the camera's frames, made once; rejects when none can be had (and tries again next time). */
export function loadBarcodeReader(): Promise<BarcodeReader> {
  loaded ??= nativeReader()
    .then((native) => native ?? ponyfillReader())
    .catch((err: unknown) => {
      loaded = null;
      throw err;
    });
  return loaded;
}
