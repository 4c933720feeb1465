// Query keys of the reports feature, in one place: a report's key holds its filters, so a filter
// change is a new query and the previous answer stays on screen until the new one comes.
export const reportKeys = {
  all: ['reports'] as const,
  dashboard: (filters: object) => ['reports', 'dashboard', filters] as const,
  sales: (filters: object) => ['reports', 'sales', filters] as const,
  stockMovement: (filters: object) => ['reports', 'stock-movement', filters] as const,
  cashFlow: (filters: object) => ['reports', 'cash-flow', filters] as const,
  transitLosses: (filters: object) => ['reports', 'transit-losses', filters] as const,
  production: (filters: object) => ['reports', 'production', filters] as const,
  losses: (filters: object) => ['reports', 'losses', filters] as const,
};

/** The period and department every report takes (DESIGN.md section 11). */
export interface ScopeFilters {
  date_from: string;
  date_to: string;
  /** A department (user id); only viewers of the whole business send one. */
  department?: number | undefined;
}
