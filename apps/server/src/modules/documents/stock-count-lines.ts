import {
  D,
  fixedMoney,
  fixedQuantity,
  type StockCountVarianceLine,
  type StockCountVariances,
} from '@app/shared';
import type { Database } from '../../db/connection.ts';
import { findCurrenciesByIds, resolveCurrency } from '../finance/finance.service.ts';
import { documentStock } from '../inventory/inventory.service.ts';
import type { Trx } from './document-kind.ts';
import type { HeaderRow, LineRow } from './documents.repository.ts';

// A stock count's variances (DESIGN.md section 20), every line at once: variance = counted −
// (expected at start + moves since). The moves since are the balance now less the expected at
// start: the balance is the ledger's own sum, kept by every writer in the writer's transaction,
// so it counts exactly the moves committed since the line's start (a sum of moves by time could
// miss one written by a transaction that began before the count and committed after it). A
// posted count's lines keep the variance, cost and value posting fixed.

/** A counted line's adjustment, as posting writes it. */
export interface Adjustment {
  lineId: number;
  variantId: number;
  /** counted − the balance at posting: negative a shortage, positive a surplus. */
  variance: string;
  unitCost: string;
  currencyId: number;
  /** |variance| × unit cost, in the cost's currency; and the signed value in UZS. */
  amount: string;
  valueUzs: string;
  /** The last cost's lot's rate, which the surplus's lot records (its value in UZS is then the line's). */
  rateToUzs: string;
}

type Header = Pick<HeaderRow, 'business_id' | 'department_id' | 'status'>;

const NO_COST = { unitCost: '0', currencyCode: 'UZS', rateToUzs: '1' };

/** The variances of a draft's lines against the balances now (locked by the caller at posting). */
async function draftVariances(db: Trx | Database, header: Header, lines: readonly LineRow[]) {
  const variantIds = lines.map((l) => l.variant_id);
  const [onHand, costs, uzs] = await Promise.all([
    documentStock.quantitiesOnHand(db as Trx, header.business_id, header.department_id, variantIds),
    documentStock.lastCosts(db, header.business_id, header.department_id, variantIds),
    uzsCurrency(db, header.business_id),
  ]);
  const rows: StockCountVarianceLine[] = [];
  const adjustments: Adjustment[] = [];
  for (const line of lines) {
    const now = new D(onHand.get(line.variant_id) ?? '0');
    const cost = costs.get(line.variant_id);
    const { unitCost, currencyCode, rateToUzs } = cost ?? NO_COST;
    const currencyId = cost?.currencyId ?? uzs.id;
    const variance = line.counted_qty === null ? null : new D(line.counted_qty).minus(now);
    const value = variance?.times(unitCost) ?? null;
    const valueUzs = value === null ? null : fixedMoney(value.times(rateToUzs));
    rows.push({
      ...rowBase(line),
      moves_since: fixedQuantity(now.minus(line.expected_qty ?? '0')),
      expected_now: fixedQuantity(now),
      variance: variance === null ? null : fixedQuantity(variance),
      unit_cost: fixedMoney(unitCost),
      currency: currencyId,
      currency_code: currencyCode,
      cost_known: cost !== undefined,
      value: value === null ? null : fixedMoney(value),
      value_uzs: valueUzs,
    });
    if (variance !== null && valueUzs !== null)
      adjustments.push({
        lineId: line.id,
        variantId: line.variant_id,
        variance: fixedQuantity(variance),
        unitCost: fixedMoney(unitCost),
        currencyId,
        amount: fixedMoney(variance.abs().times(unitCost)),
        valueUzs,
        rateToUzs,
      });
  }
  return { rows, adjustments };
}

function rowBase(line: LineRow) {
  return {
    line: line.id,
    variant: {
      id: line.variant_id,
      product: line.product_id,
      sku: line.sku,
      label: line.label,
      unit: line.unit,
    },
    expected: fixedQuantity(line.expected_qty ?? '0'),
    counted: line.counted_qty === null ? null : fixedQuantity(line.counted_qty),
  };
}

/** The business's UZS: a count's header currency, and a line's without any cost. */
export async function uzsCurrency(db: Trx | Database, businessId: number) {
  return resolveCurrency(db, businessId, 'UZS');
}

/** A posted (or reversed) count's lines as posting fixed them. */
async function postedVariances(db: Trx | Database, header: Header, lines: readonly LineRow[]) {
  const ids = [...new Set(lines.map((l) => l.cost_currency_id).filter((id): id is number => id !== null))];
  const codes = new Map(
    (await findCurrenciesByIds(db, header.business_id, ids)).map((c) => [c.id, c.code] as const),
  );
  return lines.map((line): StockCountVarianceLine => {
    const variance = line.variance === null ? null : new D(line.variance);
    const counted = line.counted_qty === null ? null : new D(line.counted_qty);
    const now =
      counted !== null && variance !== null ? counted.minus(variance) : new D(line.expected_qty ?? 0);
    return {
      ...rowBase(line),
      moves_since: fixedQuantity(now.minus(line.expected_qty ?? '0')),
      expected_now: fixedQuantity(now),
      variance: variance === null ? null : fixedQuantity(variance),
      unit_cost: fixedMoney(line.price),
      currency: line.cost_currency_id ?? 0,
      currency_code: codes.get(line.cost_currency_id ?? 0) ?? 'UZS',
      cost_known: true,
      value: variance === null ? null : fixedMoney(variance.times(line.price)),
      value_uzs: line.value_uzs === null ? null : fixedMoney(line.value_uzs),
    };
  });
}

/** Every line's variance and value, and the totals (DESIGN.md section 20: all at once). */
export async function countVariances(
  db: Trx | Database,
  header: Header,
  lines: readonly LineRow[],
): Promise<StockCountVariances & { adjustments: Adjustment[] }> {
  const { rows, adjustments } =
    header.status === 'DRAFT'
      ? await draftVariances(db, header, lines)
      : { rows: await postedVariances(db, header, lines), adjustments: [] };
  let shortage = new D(0);
  let surplus = new D(0);
  for (const row of rows) {
    const value = new D(row.value_uzs ?? 0);
    if (value.lt(0)) shortage = shortage.minus(value);
    else surplus = surplus.plus(value);
  }
  const counted = rows.filter((r) => r.counted !== null).length;
  return {
    lines: rows,
    counted_lines: counted,
    uncounted_lines: rows.length - counted,
    shortage_uzs: fixedMoney(shortage),
    surplus_uzs: fixedMoney(surplus),
    adjustments,
  };
}
