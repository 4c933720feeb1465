import type { Currency, PriceType, PriceTypeCreateSchema, PriceTypeUpdate, VariantPrice } from '@app/shared';
import type { z } from 'zod';
import { ApiError } from '../../lib/api-client.ts';

// Price types and a variant's prices (DESIGN.md section 19): the pure rules of their forms, kept
// apart from React so they are tested alone.

/** The price type form's inputs: the currency is a select's text, the default a checkbox. */
export interface PriceTypeDraft {
  name: string;
  currency: string;
  is_default: boolean;
}

/** A price type as its name and currency read in lists and on the price inputs. */
export function priceTypeLabel(p: Pick<PriceType, 'name' | 'currency_code'>): string {
  return `${p.name} (${p.currency_code})`;
}

/**
 * The form as it starts: the price type as it is, or a new one in UZS (the pivot currency,
 * spec.md section 9), else the first currency; the business's first price type is its default.
 */
export function priceTypeDraft(
  current: PriceType | undefined,
  currencies: readonly Currency[],
  count: number,
): PriceTypeDraft {
  if (current)
    return { name: current.name, currency: String(current.currency), is_default: current.is_default };
  const currency = currencies.find((c) => c.code === 'UZS') ?? currencies[0];
  return { name: '', currency: currency ? String(currency.id) : '', is_default: count === 0 };
}

/**
 * PATCH catalog/price-types/{id}/ with only what changed. `is_default` is only ever `true`: a
 * business keeps one default, and making another the default is how it moves.
 */
export function priceTypePatch(
  current: PriceType,
  form: z.output<typeof PriceTypeCreateSchema>,
): PriceTypeUpdate {
  const patch: PriceTypeUpdate = {};
  if (form.name !== current.name) patch.name = form.name;
  if (form.currency !== current.currency) patch.currency = form.currency;
  if (form.is_default && !current.is_default) patch.is_default = true;
  return patch;
}

/**
 * The server's refusal to change the currency of a price type that has prices (they are amounts
 * in it): a 409 whose message is that key, shown under the currency field.
 */
export function isCurrencyLocked(err: unknown): boolean {
  if (!(err instanceof ApiError) || err.status !== 409) return false;
  const body = err.body as { detail_message?: { key?: unknown } } | null;
  return body?.detail_message?.key === 'errors.catalog.price_type_has_prices';
}

/** The prices form's inputs: one per price type, in the list's order, '' where there is no price. */
export interface PricesDraft {
  prices: Array<{ price_type: number; price: string }>;
}

/**
 * A variant's prices as the form starts. Every price type is in it, so the PUT body's indexes
 * (and the server's `prices.N.price` field errors) are the inputs' own.
 */
export function pricesDraft(types: readonly PriceType[], prices: readonly VariantPrice[]): PricesDraft {
  const byType = new Map(prices.map((p) => [p.price_type, p.price]));
  return { prices: types.map((t) => ({ price_type: t.id, price: byType.get(t.id) ?? '' })) };
}
