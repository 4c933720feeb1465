// Kysely types of the finance tables (migrations/*_finance.sql). Filled by the finance module.
// biome-ignore lint/suspicious/noEmptyInterface: filled as the module lands.
export interface FinanceTables {}
