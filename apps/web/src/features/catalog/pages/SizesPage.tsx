/** /catalog/size (spec.md section 2, Sizes page). Placeholder until the catalog issue. */
export function SizesPage() {
  return <h2 className="text-lg font-semibold text-slate-900">Razmerlar</h2>;
}
