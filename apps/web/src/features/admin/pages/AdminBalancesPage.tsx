// Being built (DESIGN.md section 9).
export function AdminBalancesPage() {
  return null;
}
