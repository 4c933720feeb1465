/** /catalog/unit (spec.md section 2, Units page). Placeholder until the catalog issue. */
export function UnitsPage() {
  return <h2 className="text-lg font-semibold text-slate-900">O'lchov birliglari</h2>;
}
