/** /catalog/color (spec.md section 2, Colours page). Placeholder until the catalog issue. */
export function ColorsPage() {
  return <h2 className="text-lg font-semibold text-slate-900">Rang</h2>;
}
