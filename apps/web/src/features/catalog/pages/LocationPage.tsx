/** /catalog/location: a placeholder heading only (spec.md section 2, Catalog). Final. */
export function LocationPage() {
  return <h2 className="text-lg font-semibold text-slate-900">Manzillar</h2>;
}
