import { swatchColor } from '../lib/inventory-table.ts';

/** A swatch when the code is 6 hex digits with an optional #, else the code as text (spec.md section 2). */
export function ColorCell({ name, code }: { name: string | null; code: string | null }) {
  const swatch = swatchColor(code);
  if (!swatch) return <span>{code ?? name ?? '—'}</span>;
  return (
    <span className="inline-flex items-center gap-2">
      <span
        data-testid="color-swatch"
        title={code ?? undefined}
        className="inline-block h-4 w-4 rounded-full border border-slate-300"
        style={{ backgroundColor: swatch }}
      />
      <span className="text-slate-600">{name}</span>
    </span>
  );
}
