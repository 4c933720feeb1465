// The offers' query keys, apart from their calls: the live updates (app/live) name them without
// loading the feature's pages' code (vite.config.ts puts every feature's keys with the shell's).
// Every list of offers lives under ['offers'], which the product offer form invalidates too.

export type OfferSide = 'incomes' | 'outcomes';

export const offersKeys = {
  all: ['offers'] as const,
  side: (side: OfferSide) => ['offers', side] as const,
  detail: (id: number) => ['offers', 'detail', id] as const,
};
