import {
  fixedMoney,
  msg,
  type PriceType,
  type PriceTypeCreateSchema,
  type PriceTypeUpdateSchema,
  type VariantPrice,
  type VariantPricesWriteSchema,
} from '@app/shared';
import type { z } from 'zod';
import type { Database } from '../../db/connection.ts';
import type { Actor, Deps } from '../../lib/context.ts';
import { conflict, fieldError, notFound, pgCodeOf } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { resolveCurrency } from '../finance/finance.service.ts';
import { auditCatalog, missingRef, pgConstraintOf, SUBJECT_TEXTS } from './catalog.audit.ts';
import * as catalog from './catalog.repository.ts';
import * as repo from './prices.repository.ts';

// Price types and prices (DESIGN.md section 19). A business's first price type is its default;
// making another the default replaces it, so there is always exactly one once there is any.

const toPriceType = (row: repo.PriceTypeRow): PriceType => ({
  id: row.id,
  name: row.name,
  currency: row.currency_id,
  currency_code: row.currency_code,
  is_default: row.is_default,
});

const NAME_TAKEN = msg('errors.catalog.price_type_name_taken');

/** The name unique in the business: checked by the UNIQUE constraint, answered on its field. */
async function withNameRule<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (pgCodeOf(err) === '23505' && pgConstraintOf(err) === 'price_types_business_name_unique')
      throw fieldError('name', NAME_TAKEN);
    throw err;
  }
}

export async function listPriceTypes(deps: Pick<Deps, 'db'>, actor: Actor): Promise<PriceType[]> {
  return (await repo.listPriceTypes(deps.db, actor.businessId)).map(toPriceType);
}

/** A price type of the business, or undefined: another module's reference to one (a counterparty's). */
export async function findPriceTypeOf(
  db: Database,
  businessId: number,
  id: number,
): Promise<PriceType | undefined> {
  const row = await repo.findPriceType(db, businessId, id);
  return row ? toPriceType(row) : undefined;
}

async function loadPriceType(db: Database, businessId: number, id: number): Promise<PriceType> {
  const row = await repo.findPriceType(db, businessId, id);
  if (!row) throw notFound();
  return toPriceType(row);
}

export function createPriceType(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  input: z.output<typeof PriceTypeCreateSchema>,
): Promise<PriceType> {
  return withNameRule(() =>
    inTransaction(deps.db, async (trx) => {
      const currency = await resolveCurrency(trx, actor.businessId, input.currency);
      const existing = await repo.lockPriceTypes(trx, actor.businessId);
      const id = await repo.insertPriceType(trx, {
        business_id: actor.businessId,
        name: input.name,
        currency_id: currency.id,
        is_default: false,
      });
      if (input.is_default || existing.length === 0) await repo.makeDefault(trx, actor.businessId, id);
      await auditCatalog(trx, actor, 'create', 'price_type', id, `${input.name} (${currency.code})`);
      return loadPriceType(trx, actor.businessId, id);
    }),
  );
}

export function updatePriceType(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  id: number,
  input: z.output<typeof PriceTypeUpdateSchema>,
): Promise<PriceType> {
  return withNameRule(() =>
    inTransaction(deps.db, async (trx) => {
      const current = (await repo.lockPriceTypes(trx, actor.businessId)).find((p) => p.id === id);
      if (!current) throw notFound();
      const changed: string[] = [];
      if (input.currency !== undefined) {
        const currency = await resolveCurrency(trx, actor.businessId, input.currency);
        if (currency.id !== current.currency_id) {
          // The prices are amounts in the type's currency: they would silently change meaning.
          if (await repo.hasPrices(trx, actor.businessId, id))
            throw conflict(msg('errors.catalog.price_type_has_prices'));
          await repo.updatePriceType(trx, actor.businessId, id, { currency_id: currency.id });
          changed.push('currency');
        }
      }
      if (input.name !== undefined) {
        await repo.updatePriceType(trx, actor.businessId, id, { name: input.name });
        changed.push('name');
      }
      if (input.is_default && !current.is_default) {
        await repo.makeDefault(trx, actor.businessId, id);
        changed.push('is_default');
      }
      await auditCatalog(trx, actor, 'update', 'price_type', id, SUBJECT_TEXTS.changed(changed));
      return loadPriceType(trx, actor.businessId, id);
    }),
  );
}

const toPrice = (row: { price_type_id: number; price: string }): VariantPrice => ({
  price_type: row.price_type_id,
  price: fixedMoney(row.price),
});

/** GET api/catalog/variants/{id}/prices/: the one variant's, read as many variants' are. */
export async function variantPrices(deps: Pick<Deps, 'db'>, actor: Actor, variantId: number) {
  const [found] = (await manyVariantPrices(deps, actor, [variantId])).variants;
  if (!found) throw notFound();
  return { prices: found.prices };
}

/**
 * GET api/catalog/variant-prices/: the prices of many variants in one read (the offline counter's,
 * DESIGN.md section 23), each asked variant of the business in the order asked; another
 * business's or an unknown id is left out, as a list's filter leaves it.
 */
export async function manyVariantPrices(deps: Pick<Deps, 'db'>, actor: Actor, variantIds: readonly number[]) {
  const rows = await repo.pricesOfVariants(deps.db, actor.businessId, variantIds);
  const byVariant = new Map<number, VariantPrice[]>();
  for (const row of rows) {
    const prices = byVariant.get(row.variant_id) ?? [];
    if (row.price_type_id !== null && row.price !== null)
      prices.push(toPrice({ price_type_id: row.price_type_id, price: row.price }));
    byVariant.set(row.variant_id, prices);
  }
  return {
    variants: [...new Set(variantIds)].flatMap((id) => {
      const prices = byVariant.get(id);
      return prices ? [{ variant: id, prices }] : [];
    }),
  };
}

/** PUT api/catalog/variants/{id}/prices/: the prices given set (null removes one), audited. */
export function writeVariantPrices(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  variantId: number,
  input: z.output<typeof VariantPricesWriteSchema>,
) {
  return inTransaction(deps.db, async (trx) => {
    if (!(await catalog.lockVariant(trx, actor.businessId, variantId))) throw notFound();
    const types = new Set((await repo.listPriceTypes(trx, actor.businessId)).map((p) => p.id));
    const unknown = input.prices.find((p) => !types.has(p.price_type));
    if (unknown) throw fieldError('prices', missingRef(unknown.price_type));
    await repo.writePrices(trx, actor.businessId, variantId, input.prices);
    await auditCatalog(trx, actor, 'update', 'variant', variantId, SUBJECT_TEXTS.changed(['prices']));
    return { prices: (await repo.pricesOf(trx, actor.businessId, [variantId])).map(toPrice) };
  });
}

/** Each variant's price in a price type of the business (labels; DESIGN.md section 18). */
export async function pricesIn(db: Database, businessId: number, priceTypeId: number, variantIds: number[]) {
  const type = await repo.findPriceType(db, businessId, priceTypeId);
  if (!type) return null;
  const prices = await repo.pricesOf(db, businessId, variantIds, priceTypeId);
  return {
    currency: type.currency_code,
    byVariant: new Map(prices.map((p) => [p.variant_id, fixedMoney(p.price)])),
  };
}

/** Prices an import brings (DESIGN.md section 17), set in the caller's transaction. */
export function setImportedPrices(
  trx: Database,
  prices: ReadonlyArray<{ business_id: number; variant_id: number; price_type_id: number; price: string }>,
) {
  return repo.upsertPrices(trx, prices);
}

/** A sale line's price from the price lists, and where it came from (DESIGN.md section 19). */
export interface ListPrice {
  priceTypeId: number;
  currencyId: number;
  price: string;
  source: 'COUNTERPARTY' | 'DEFAULT';
}

/**
 * Each variant's price for a sale to a counterparty: in the counterparty's price type when it
 * has one and the variant is priced there, else in the business's default price type. A variant
 * priced in neither is missing from the answer.
 */
export async function listPrices(
  db: Database,
  businessId: number,
  counterpartyId: number | null,
  variantIds: readonly number[],
): Promise<Map<number, ListPrice>> {
  const types = await repo.saleTypes(db, businessId, counterpartyId);
  const typeIds = [types.counterparty, types.default].filter((t): t is number => t !== null);
  if (typeIds.length === 0 || variantIds.length === 0) return new Map();
  const rows = await repo.pricesInTypes(db, businessId, variantIds, typeIds);
  const found = new Map<number, ListPrice>();
  for (const source of ['COUNTERPARTY', 'DEFAULT'] as const) {
    const typeId = source === 'COUNTERPARTY' ? types.counterparty : types.default;
    for (const row of rows)
      if (row.price_type_id === typeId && !found.has(row.variant_id))
        found.set(row.variant_id, {
          priceTypeId: row.price_type_id,
          currencyId: row.currency_id,
          price: row.price,
          source,
        });
  }
  return found;
}

/** The currency of the business's default price type, if it has one. */
export async function defaultPriceCurrency(db: Database, businessId: number): Promise<number | null> {
  return (await repo.saleTypes(db, businessId, null)).defaultCurrency;
}
