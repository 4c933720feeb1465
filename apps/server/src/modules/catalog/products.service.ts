import {
  msg,
  PRODUCT_TYPE_LABELS,
  type Product,
  type ProductCreateSchema,
  type ProductType,
  type ProductUpdateSchema,
} from '@app/shared';
import type { z } from 'zod';
import type { Database } from '../../db/connection.ts';
import type { Actor, Deps } from '../../lib/context.ts';
import { conflict, fieldError, notFound } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { findUnit } from './attributes.repository.ts';
import { auditCatalog, missingRef, SUBJECT_TEXTS } from './catalog.audit.ts';
import * as repo from './catalog.repository.ts';

type ProductCreateInput = z.output<typeof ProductCreateSchema>;
type ProductUpdateInput = z.output<typeof ProductUpdateSchema>;

function toProduct(row: repo.ProductRow): Product {
  return {
    id: row.id,
    name: row.name,
    model: row.model,
    code: Number(row.code),
    unit: row.unit_id,
    unit_name: row.unit_name,
    type: row.type,
    type_display: PRODUCT_TYPE_LABELS[row.type],
  };
}

async function loadProduct(db: Database, businessId: number, id: number): Promise<Product> {
  const row = await repo.findProduct(db, businessId, id);
  if (!row) throw notFound();
  return toProduct(row);
}

/** A unit of another business is as missing as an unknown one (DESIGN.md section 3, Tenancy). */
async function requireUnit(db: Database, businessId: number, unitId: number): Promise<void> {
  if (!(await findUnit(db, businessId, unitId))) throw fieldError('unit', missingRef(unitId));
}

export async function listProducts(deps: Deps, actor: Actor, type?: ProductType): Promise<Product[]> {
  const rows = await repo.listProducts(deps.db, actor.businessId, type);
  return rows.map(toProduct);
}

export function getProduct(deps: Deps, actor: Actor, id: number): Promise<Product> {
  return loadProduct(deps.db, actor.businessId, id);
}

export function createProduct(deps: Deps, actor: Actor, input: ProductCreateInput): Promise<Product> {
  return inTransaction(deps.db, async (trx) => {
    await requireUnit(trx, actor.businessId, input.unit);
    const id = await repo.insertProduct(trx, actor.businessId, {
      name: input.name,
      model: input.model,
      code: input.code,
      unit_id: input.unit,
      type: input.type,
    });
    await auditCatalog(trx, actor, 'create', 'product', id, `${input.name} ${input.model} (${input.code})`);
    return loadProduct(trx, actor.businessId, id);
  });
}

export function updateProduct(
  deps: Deps,
  actor: Actor,
  id: number,
  input: ProductUpdateInput,
): Promise<Product> {
  return inTransaction(deps.db, async (trx) => {
    if (!(await repo.lockProduct(trx, actor.businessId, id))) throw notFound();
    if (input.unit !== undefined) await requireUnit(trx, actor.businessId, input.unit);
    const values: Partial<repo.ProductValues> = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.model !== undefined ? { model: input.model } : {}),
      ...(input.code !== undefined ? { code: input.code } : {}),
      ...(input.unit !== undefined ? { unit_id: input.unit } : {}),
      ...(input.type !== undefined ? { type: input.type } : {}),
    };
    if (Object.keys(values).length > 0) await repo.updateProduct(trx, actor.businessId, id, values);
    await auditCatalog(trx, actor, 'update', 'product', id, SUBJECT_TEXTS.changed(Object.keys(values)));
    return loadProduct(trx, actor.businessId, id);
  });
}

/**
 * A product with variants is refused (DESIGN.md section 3, Catalogue): its variants go first, and
 * they carry history.
 */
export function deleteProduct(deps: Deps, actor: Actor, id: number): Promise<void> {
  return inTransaction(deps.db, async (trx) => {
    const product = await repo.lockProduct(trx, actor.businessId, id);
    if (!product) throw notFound();
    const variants = await repo.countVariantsOfProduct(trx, actor.businessId, id);
    if (variants > 0) {
      throw conflict(
        msg('errors.catalog.cannot_delete_product_has_variants', {
          name: product.name,
          model: product.model,
          variants,
        }),
      );
    }
    await repo.deleteProduct(trx, actor.businessId, id);
    await auditCatalog(trx, actor, 'delete', 'product', id, `${product.name} ${product.model}`);
  });
}
