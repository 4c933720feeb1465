// The shared schemas the API client loads beside a request whose check is picked from them
// (`schema: (s) => s.CurrentShiftSchema`, lib/api-client.ts): the checks of the modules a page's
// first paint imports. A module of its own, not `import('@app/shared')`: the entry imports the
// package's constants statically, and a namespace import of it there would take every schema (and
// zod) into the entry. Only these names, not `export *`: a namespace keeps every export, the
// server's own schemas too (10 KB more). A check picks only what is here (the type says so). Its
// chunk group is `schemas` (vite.config.ts): the page draws before it arrives (DESIGN.md
// section 23).
export {
  BusinessUserSchema,
  ChatMessagePageSchema,
  ChatMessageSchema,
  ConversationPageSchema,
  ConversationReadSchema,
  ConversationSchema,
  CounterpartyPageSchema,
  CounterpartySchema,
  CurrencySchema,
  CurrentShiftSchema,
  DocumentPageSchema,
  DocumentSchema,
  NotificationPageSchema,
  NotificationsReadSchema,
  PriceTypeSchema,
  RecipeSchema,
  RecipeSummarySchema,
  StockCountVarianceLineSchema,
  StockCountVariancesSchema,
  VariantPricesSchema,
  VariantSchema,
} from '@app/shared';
