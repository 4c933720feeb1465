import {
  type Color,
  type ColorWriteSchema,
  fixedRate,
  msg,
  type Size,
  type SizeWriteSchema,
  UNIT_MEASURE_LABELS,
  type Unit,
  type UnitWriteSchema,
} from '@app/shared';
import type { z } from 'zod';
import type { Actor, Deps } from '../../lib/context.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/transaction.ts';
import * as repo from './attributes.repository.ts';
import { auditCatalog } from './catalog.audit.ts';

// Units, sizes and colours: list, create, replace (PUT) and delete (spec.md section 7). A row
// still in use is never deleted (DESIGN.md section 3, Catalogue): the detail says what holds it.

type UnitRow = Awaited<ReturnType<typeof repo.insertUnit>>;

function toUnit(row: UnitRow): Unit {
  return {
    id: row.id,
    name: row.name,
    measure: row.measure,
    measure_display: UNIT_MEASURE_LABELS[row.measure],
    fixed_rate_to_base: fixedRate(row.fixed_rate_to_base),
  };
}

/** Stored with its '#', so every screen can paint it as it is. */
function normaliseHex(code: string): string {
  return code.startsWith('#') ? code : `#${code}`;
}

// ---------------------------------------------------------------------------------------------
// Units

export async function listUnits(deps: Deps, actor: Actor): Promise<Unit[]> {
  return (await repo.listUnits(deps.db, actor.businessId)).map(toUnit);
}

export function createUnit(deps: Deps, actor: Actor, input: z.output<typeof UnitWriteSchema>): Promise<Unit> {
  return inTransaction(deps.db, async (trx) => {
    const row = await repo.insertUnit(trx, actor.businessId, input);
    await auditCatalog(trx, actor, 'create', 'unit', row.id, `${row.name} (${row.measure})`);
    return toUnit(row);
  });
}

export function replaceUnit(
  deps: Deps,
  actor: Actor,
  id: number,
  input: z.output<typeof UnitWriteSchema>,
): Promise<Unit> {
  return inTransaction(deps.db, async (trx) => {
    const row = await repo.updateUnit(trx, actor.businessId, id, input);
    if (!row) throw notFound();
    await auditCatalog(trx, actor, 'update', 'unit', id, `${row.name} (${row.measure})`);
    return toUnit(row);
  });
}

export function deleteUnit(deps: Deps, actor: Actor, id: number): Promise<void> {
  return inTransaction(deps.db, async (trx) => {
    if (!(await repo.lockAttribute(trx, 'units', actor.businessId, id))) throw notFound();
    const products = await repo.countProductsOfUnit(trx, id);
    if (products > 0) throw conflict(msg('errors.catalog.cannot_delete_unit_used_by', { products }));
    const row = await repo.deleteUnitRow(trx, id);
    await auditCatalog(trx, actor, 'delete', 'unit', id, `${row.name} (${row.measure})`);
  });
}

// ---------------------------------------------------------------------------------------------
// Sizes

export function listSizes(deps: Deps, actor: Actor): Promise<Size[]> {
  return repo.listSizes(deps.db, actor.businessId);
}

export function createSize(deps: Deps, actor: Actor, input: z.output<typeof SizeWriteSchema>): Promise<Size> {
  return inTransaction(deps.db, async (trx) => {
    const row = await repo.insertSize(trx, actor.businessId, input);
    await auditCatalog(trx, actor, 'create', 'size', row.id, row.size);
    return row;
  });
}

export function replaceSize(
  deps: Deps,
  actor: Actor,
  id: number,
  input: z.output<typeof SizeWriteSchema>,
): Promise<Size> {
  return inTransaction(deps.db, async (trx) => {
    const row = await repo.updateSize(trx, actor.businessId, id, input);
    if (!row) throw notFound();
    await auditCatalog(trx, actor, 'update', 'size', id, row.size);
    return row;
  });
}

export function deleteSize(deps: Deps, actor: Actor, id: number): Promise<void> {
  return inTransaction(deps.db, async (trx) => {
    if (!(await repo.lockAttribute(trx, 'sizes', actor.businessId, id))) throw notFound();
    const variants = await repo.countVariantsUsing(trx, 'size_id', id);
    if (variants > 0) throw conflict(msg('errors.catalog.cannot_delete_size_used_by', { variants }));
    const row = await repo.deleteSizeRow(trx, id);
    await auditCatalog(trx, actor, 'delete', 'size', id, row.size);
  });
}

// ---------------------------------------------------------------------------------------------
// Colours

export function listColors(deps: Deps, actor: Actor): Promise<Color[]> {
  return repo.listColors(deps.db, actor.businessId);
}

export function createColor(
  deps: Deps,
  actor: Actor,
  input: z.output<typeof ColorWriteSchema>,
): Promise<Color> {
  return inTransaction(deps.db, async (trx) => {
    const row = await repo.insertColor(trx, actor.businessId, { ...input, code: normaliseHex(input.code) });
    await auditCatalog(trx, actor, 'create', 'color', row.id, `${row.name} ${row.code}`);
    return row;
  });
}

export function replaceColor(
  deps: Deps,
  actor: Actor,
  id: number,
  input: z.output<typeof ColorWriteSchema>,
): Promise<Color> {
  return inTransaction(deps.db, async (trx) => {
    const row = await repo.updateColor(trx, actor.businessId, id, {
      ...input,
      code: normaliseHex(input.code),
    });
    if (!row) throw notFound();
    await auditCatalog(trx, actor, 'update', 'color', id, `${row.name} ${row.code}`);
    return row;
  });
}

export function deleteColor(deps: Deps, actor: Actor, id: number): Promise<void> {
  return inTransaction(deps.db, async (trx) => {
    if (!(await repo.lockAttribute(trx, 'colors', actor.businessId, id))) throw notFound();
    const variants = await repo.countVariantsUsing(trx, 'color_id', id);
    if (variants > 0) throw conflict(msg('errors.catalog.cannot_delete_colour_used_by', { variants }));
    const row = await repo.deleteColorRow(trx, id);
    await auditCatalog(trx, actor, 'delete', 'color', id, `${row.name} ${row.code}`);
  });
}
