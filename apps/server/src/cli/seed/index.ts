import type { Database } from '../../db/connection.ts';
import { seedCatalog } from './catalog.ts';
import { seedChat } from './chat.ts';
import { type DemoCore, seedCore } from './core.ts';
import { seedDebts } from './debts.ts';
import { seedDocuments } from './documents.ts';
import { seedFinance } from './finance.ts';
import { seedHistory } from './history.ts';
import { seedProduction } from './production.ts';
import { seedRates } from './rates.ts';
import { seedReturnsAndCounts } from './returns-counts.ts';
import { seedShifts } from './shifts.ts';
import { seedStock } from './stock.ts';
import { seedTrade } from './trade.ts';
import { seedWorkshop } from './workshop.ts';

/** Each module's part of the demo business, run in order on the core's users (rates first, which the ledger rows record; stock and trade after the catalogue, whose variants they hold; history last, from what the others wrote). */
const MODULE_SEEDS: Array<(db: Database, core: DemoCore) => Promise<void>> = [
  seedRates,
  seedCatalog,
  seedFinance,
  seedStock,
  seedTrade,
  seedDebts,
  seedDocuments,
  // DESIGN.md section 21: the workshop's products, materials and recipes, after the other stock
  // (which takes the catalogue's first variants), then its production orders, before history,
  // which reads what the others wrote.
  seedWorkshop,
  seedProduction,
  // DESIGN.md section 20: a return, a stock count and a transfer that arrived short.
  seedReturnsAndCounts,
  // DESIGN.md section 22: three closed cash shifts, one short and one over.
  seedShifts,
  seedChat,
  seedHistory,
];

/** Seeds the demo business of DESIGN.md section 2 into an empty database; a no-op otherwise. */
export async function seedDemoIfEmpty(
  db: Database,
  log: (message: string) => void = () => {},
): Promise<boolean> {
  const existing = await db.selectFrom('businesses').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const started = Date.now();
  const core = await seedCore(db);
  for (const seed of MODULE_SEEDS) await seed(db, core);
  log(`demo business seeded in ${Date.now() - started} ms (password demo12345 for every demo user)`);
  return true;
}
