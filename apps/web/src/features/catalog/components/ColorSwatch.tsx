import { swatchColor } from '../catalog-rules.ts';

/** A small square painted with a hex colour; the code is its accessible name. */
export function ColorSwatch({ code }: { code: string }) {
  return (
    <span
      role="img"
      aria-label={code}
      className="inline-block h-4 w-4 shrink-0 rounded border border-slate-300 align-middle"
      style={{ backgroundColor: swatchColor(code) }}
    />
  );
}
