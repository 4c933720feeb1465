// The inventory's query keys, apart from its calls: the live updates (app/live) name them without
// loading the feature's pages' code (vite.config.ts puts every feature's keys with the shell's).

/** GET inventory/stocks/my-balance/: the stock I hold. */
export const myBalanceQueryKey = ['inventory', 'my-balance'] as const;
/** The stock entries' pages. */
export const stockEntriesQueryKey = ['inventory', 'entries'] as const;
/** The stock exits' pages. */
export const stockExitsQueryKey = ['inventory', 'exits'] as const;
