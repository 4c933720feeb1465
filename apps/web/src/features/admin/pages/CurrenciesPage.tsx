// Being built (DESIGN.md section 9).
export function CurrenciesPage() {
  return null;
}
