import { type BarcodeGenerateSchema, type LabelsRequestSchema, msg, type Variant } from '@app/shared';
import type { z } from 'zod';
import type { Actor, Deps } from '../../lib/context.ts';
import { conflict, fieldError, notFound } from '../../lib/errors.ts';
import type { FileAnswer } from '../../lib/report-files.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { auditCatalog, missingRef, SUBJECT_TEXTS } from './catalog.audit.ts';
import * as repo from './catalog.repository.ts';
import { labelsPdf } from './labels.pdf.ts';
import { pricesIn } from './prices.service.ts';
import { loadVariant, toVariant, withVariantRules } from './variants.service.ts';

// In-store codes and labels (DESIGN.md section 18).

/**
 * Gives each of `ids` without a barcode an in-store EAN-13, in one transaction: the business's
 * counter is locked while the numbers are taken, so two generations never give one code twice.
 */
async function generate(deps: Deps, actor: Actor, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  return withVariantRules(deps.db, actor.businessId, () =>
    inTransaction(deps.db, async (trx) => {
      const rows = await repo.lockVariantsById(trx, actor.businessId, unique);
      if (rows.length !== unique.length) throw notFound();
      const without = rows.filter((r) => r.barcode === null);
      const codes = await repo.takeInStoreCodes(trx, actor.businessId, without.length);
      if (!codes) throw conflict(msg('errors.catalog.in_store_codes_exhausted'));
      for (const [i, row] of without.entries()) {
        await repo.updateVariant(trx, actor.businessId, row.id, { barcode: codes[i] as string });
        await auditCatalog(trx, actor, 'update', 'variant', row.id, SUBJECT_TEXTS.changed(['barcode']));
      }
      const variants = await repo.listVariantsById(trx, actor.businessId, unique);
      return { generated: without.length, variants: variants.map(toVariant) };
    }),
  );
}

/** POST api/catalog/variants/{id}/barcode/: a variant that has a barcode already is a 409. */
export async function generateBarcode(deps: Deps, actor: Actor, id: number): Promise<Variant> {
  const current = await loadVariant(deps.db, actor.businessId, id);
  if (current.barcode !== null) throw conflict(msg('errors.catalog.variant_has_barcode'));
  const { variants } = await generate(deps, actor, [id]);
  return variants[0] as Variant;
}

/** POST api/catalog/variants/barcodes/: the variants without a barcode get one; the rest stay. */
export function generateBarcodes(deps: Deps, actor: Actor, input: z.output<typeof BarcodeGenerateSchema>) {
  return generate(deps, actor, input.variants);
}

/** POST api/catalog/labels/: the labels of the chosen variants, each as many times as asked. */
export async function printLabels(
  deps: Deps,
  actor: Actor,
  input: z.output<typeof LabelsRequestSchema>,
): Promise<FileAnswer> {
  const ids = [...new Set(input.items.map((i) => i.variant))];
  const priced =
    input.price_type == null ? null : await pricesIn(deps.db, actor.businessId, input.price_type, ids);
  if (input.price_type != null && !priced) throw fieldError('price_type', missingRef(input.price_type));
  const found = new Map(
    (await repo.listVariantsById(deps.db, actor.businessId, ids)).map((v) => [v.id, toVariant(v)]),
  );
  const missing = ids.find((id) => !found.has(id));
  if (missing !== undefined) throw fieldError('items', missingRef(missing));
  const labels = input.items.flatMap((item) => {
    const variant = found.get(item.variant) as Variant;
    const amount = priced?.byVariant.get(item.variant);
    const price = amount === undefined ? null : { amount, currency: priced?.currency as string };
    return Array.from({ length: item.copies }, () => ({ variant, price }));
  });
  return {
    contentType: 'application/pdf',
    filename: `labels-${input.template}.pdf`,
    body: labelsPdf(input.template, labels),
  };
}
