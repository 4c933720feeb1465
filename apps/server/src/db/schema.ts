import type { CatalogTables } from './tables/catalog.ts';
import type { ChatTables } from './tables/chat.ts';
import type { CoreTables } from './tables/core.ts';
import type { DebtTables } from './tables/debts.ts';
import type { DocumentTables } from './tables/documents.ts';
import type { FinanceTables } from './tables/finance.ts';
import type { ImportTables } from './tables/imports.ts';
import type { OffersTables } from './tables/offers.ts';
import type { ProductionTables } from './tables/production.ts';
import type { ReportTables } from './tables/reports.ts';
import type { ShiftTables } from './tables/shifts.ts';
import type { StockTables } from './tables/stock.ts';

export type { Numeric, Timestamp } from './tables/core.ts';

/** Every table, one interface per module's migration. */
export interface DB
  extends CoreTables,
    CatalogTables,
    OffersTables,
    FinanceTables,
    StockTables,
    ReportTables,
    DebtTables,
    ChatTables,
    ImportTables,
    DocumentTables,
    ProductionTables,
    ShiftTables {}
