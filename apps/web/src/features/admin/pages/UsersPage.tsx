// Being built (DESIGN.md section 9).
export function UsersPage() {
  return null;
}
