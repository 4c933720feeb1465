import { writeFileSync } from 'node:fs';

// A camera for the scanning specs (DESIGN.md section 18): Chromium's fake capture device plays a
// Y4M file (`--use-file-for-fake-video-capture`); this writes one whose frames show an EAN-13 as
// a printed label would, black bars on white, 4 pixels a module, quiet zones around.

const L = [
  '0001101',
  '0011001',
  '0010011',
  '0111101',
  '0100011',
  '0110001',
  '0101111',
  '0111011',
  '0110111',
  '0001011',
];
const R = L.map((p) => [...p].map((b) => (b === '0' ? '1' : '0')).join(''));
const G = R.map((p) => [...p].reverse().join(''));
const PARITY = [
  'LLLLLL',
  'LLGLGG',
  'LLGGLG',
  'LLGGGL',
  'LGLLGG',
  'LGGLLG',
  'LGGGLL',
  'LGLGLG',
  'LGLGGL',
  'LGGLGL',
];

/** The 95 modules of an EAN-13 (1 is a bar). */
function ean13Modules(code: string): string {
  const digits = [...code].map(Number);
  const parity = PARITY[digits[0] as number] as string;
  let out = '101';
  for (let i = 1; i <= 6; i++) out += (parity[i - 1] === 'L' ? L : G)[digits[i] as number];
  out += '01010';
  for (let i = 7; i <= 12; i++) out += R[digits[i] as number];
  return `${out}101`;
}

/** Writes `frames` frames of 640 x 480 showing `code` (an EAN-13) to `path`. */
export function writeBarcodeVideo(code: string, path: string, frames = 10): void {
  const [width, height, module] = [640, 480, 4];
  const modules = ean13Modules(code);
  const left = Math.floor((width - modules.length * module) / 2);
  const [top, bottom] = [120, 360];
  const y = Buffer.alloc(width * height, 235);
  for (let row = top; row < bottom; row++)
    for (let m = 0; m < modules.length; m++)
      if (modules[m] === '1')
        y.fill(16, row * width + left + m * module, row * width + left + (m + 1) * module);
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(path, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}
