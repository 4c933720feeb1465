// Kysely types of the stock tables (migrations/*_stock.sql). Filled by the stock module.
// biome-ignore lint/suspicious/noEmptyInterface: filled as the module lands.
export interface StockTables {}
