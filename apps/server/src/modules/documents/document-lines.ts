import { D, type ExitType, fixedMoney, type Message, msg } from '@app/shared';
import type { Actor } from '../../lib/context.ts';
import { AppError, badRequest, type FieldErrors } from '../../lib/errors.ts';
import { loadVariantRefMap } from '../catalog/variants.service.ts';
import { documentStock } from '../inventory/inventory.service.ts';
import type { LoadedDocument, Trx } from './document-kind.ts';

// What every kind's lines check alike. A body's errors are all named at once, each on its line
// (`lines.2.price`), so a long document is corrected in one go.

export class LineErrors {
  private readonly fields: FieldErrors = {};

  add(index: number, field: string, message: Message): void {
    const key = `lines.${index}.${field}`;
    this.fields[key] = [...(this.fields[key] ?? []), message];
  }

  /** A 400 naming every line's errors, if any were added. */
  throwIfAny(): void {
    const [first] = Object.values(this.fields);
    if (first?.[0]) throw badRequest(first[0], this.fields);
  }
}

/** The SKU of each line's variant; a variant missing or another business's is its line's error. */
export async function variantSkus(
  trx: Trx,
  businessId: number,
  variantIds: readonly number[],
): Promise<Map<number, string>> {
  const refs = await loadVariantRefMap(trx, businessId, [...new Set(variantIds)]);
  const errors = new LineErrors();
  variantIds.forEach((id, i) => {
    if (!refs.has(id)) errors.add(i, 'variant', msg('errors.invalid_pk', { id }));
  });
  errors.throwIfAny();
  return new Map([...refs].map(([id, ref]) => [id, ref.sku]));
}

/** 409 naming every short line, each on its own field too (DESIGN.md section 19). */
export function shortLinesError(
  doc: { lines: ReadonlyArray<{ id: number; sku: string }> },
  short: ReadonlyArray<{ lineId: number; needed: string; available: string }>,
) {
  const detail = msg('errors.documents.lines_short', {
    skus: short.map((s) => doc.lines.find((l) => l.id === s.lineId)?.sku ?? s.lineId).join(', '),
  });
  const fields = Object.fromEntries(
    short.map((s) => {
      const index = doc.lines.findIndex((l) => l.id === s.lineId);
      const sku = doc.lines[index]?.sku ?? String(s.lineId);
      return [
        `lines.${index}.qty`,
        [
          msg('errors.inventory.insufficient_stock', {
            sku,
            available: s.available,
            fixedQuantity: s.needed,
          }),
        ],
      ];
    }),
  );
  return new AppError(409, 'conflict', detail, fields);
}

/**
 * A document's lines out of its department's stock, one exit of `type` per line through FIFO
 * (a sale's, a purchase return's): the balances locked, every short line named in one 409, then
 * the exits at each line's net unit amount.
 */
export async function issueDocumentLines(trx: Trx, actor: Actor, doc: LoadedDocument, type: ExitType) {
  const { header } = doc;
  const short = await documentStock.lockAndFindShortLines(
    trx,
    header.business_id,
    header.department_id,
    doc.lines.map((l) => ({ lineId: l.id, variantId: l.variant_id, qty: l.qty })),
  );
  if (short.length > 0) throw shortLinesError(doc, short);
  await documentStock.writeDocumentExits(
    trx,
    {
      businessId: header.business_id,
      departmentId: header.department_id,
      currencyId: header.currency_id,
      createdBy: actor.id,
      note: header.number,
    },
    type,
    doc.lines.map((l) => ({
      lineId: l.id,
      variantId: l.variant_id,
      qty: l.qty,
      amount: l.amount,
      unitPrice: fixedMoney(new D(l.amount).div(l.qty)),
    })),
  );
}
