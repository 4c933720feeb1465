import type { BenchContext } from './context.ts';
import type { Measurement } from './measure.ts';
import { benchMoneyList } from './money-list.ts';
import { benchMoneyLoad } from './money-load.ts';

// docs/benchmarks.md, money: (a) the transactions list over 1,000,000 ledger rows; (b) exchanges and
// approvals with 32 concurrent clients next to pgbench's TPC-B-like figure on the same cluster.
export async function benchMoney(ctx: BenchContext): Promise<Measurement[]> {
  const list = process.env.BENCH_MONEY_PART !== 'load' ? await benchMoneyList(ctx) : [];
  const load = process.env.BENCH_MONEY_PART !== 'list' ? await benchMoneyLoad(ctx) : [];
  return [...list, ...load];
}
