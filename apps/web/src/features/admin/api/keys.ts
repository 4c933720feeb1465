// Query keys of the admin pages, in one place. Everything they show sits under adminKeys.all, so
// a change to a user or a rate refreshes every admin list at once (the balances grid names the
// departments and values balances at the rates).
export const adminKeys = {
  all: ['admin'] as const,
  users: (search: string) => ['admin', 'users', search] as const,
  rates: (currencyId: number, page: number) => ['admin', 'rates', currencyId, page] as const,
  balances: ['admin', 'balances'] as const,
  settings: ['admin', 'settings'] as const,
};
