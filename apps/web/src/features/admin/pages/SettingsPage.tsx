// Being built (DESIGN.md section 9).
export function SettingsPage() {
  return null;
}
