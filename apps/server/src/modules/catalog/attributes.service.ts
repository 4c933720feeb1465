import {
  type Color,
  type ColorWriteSchema,
  fixedRate,
  type Message,
  msg,
  type Size,
  type SizeWriteSchema,
  UNIT_MEASURE_LABELS,
  type Unit,
  type UnitWriteSchema,
} from '@app/shared';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../db/schema.ts';
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

type Trx = Transaction<DB>;

/** What a unit, a size or a colour is called in History (one text each, for every change). */
const unitSubject = (row: { name: string; measure: string }) => `${row.name} (${row.measure})`;
const sizeSubject = (row: { size: string }) => row.size;
const colorSubject = (row: { name: string; code: string }) => `${row.name} ${row.code}`;

/** Replaces one of the business's rows (PUT): 404 when it has none by that id; audited by its subject. */
function replaceAttribute<R, T>(
  deps: Deps,
  actor: Actor,
  entity: 'unit' | 'size' | 'color',
  id: number,
  change: {
    update: (trx: Trx) => Promise<R | undefined>;
    subject: (row: R) => string;
    answer: (row: R) => T;
  },
): Promise<T> {
  return inTransaction(deps.db, async (trx) => {
    const row = await change.update(trx);
    if (!row) throw notFound();
    await auditCatalog(trx, actor, 'update', entity, id, change.subject(row));
    return change.answer(row);
  });
}

/** Deletes one of the business's rows unless something still uses it (409 saying what holds it). */
function deleteAttribute<R>(
  deps: Deps,
  actor: Actor,
  entity: 'unit' | 'size' | 'color',
  id: number,
  removal: {
    heldBy: (trx: Trx) => Promise<Message | null>;
    remove: (trx: Trx) => Promise<R>;
    subject: (row: R) => string;
  },
): Promise<void> {
  return inTransaction(deps.db, async (trx) => {
    if (!(await repo.lockAttribute(trx, `${entity}s`, actor.businessId, id))) throw notFound();
    const held = await removal.heldBy(trx);
    if (held) throw conflict(held);
    const row = await removal.remove(trx);
    await auditCatalog(trx, actor, 'delete', entity, id, removal.subject(row));
  });
}

// ---------------------------------------------------------------------------------------------
// Units

export async function listUnits(deps: Deps, actor: Actor): Promise<Unit[]> {
  return (await repo.listUnits(deps.db, actor.businessId)).map(toUnit);
}

export function createUnit(deps: Deps, actor: Actor, input: z.output<typeof UnitWriteSchema>): Promise<Unit> {
  return inTransaction(deps.db, async (trx) => {
    const row = await repo.insertUnit(trx, actor.businessId, input);
    await auditCatalog(trx, actor, 'create', 'unit', row.id, unitSubject(row));
    return toUnit(row);
  });
}

export function replaceUnit(
  deps: Deps,
  actor: Actor,
  id: number,
  input: z.output<typeof UnitWriteSchema>,
): Promise<Unit> {
  return replaceAttribute(deps, actor, 'unit', id, {
    update: (trx) => repo.updateUnit(trx, actor.businessId, id, input),
    subject: unitSubject,
    answer: toUnit,
  });
}

export function deleteUnit(deps: Deps, actor: Actor, id: number): Promise<void> {
  return deleteAttribute(deps, actor, 'unit', id, {
    heldBy: async (trx) => {
      const products = await repo.countProductsOfUnit(trx, actor.businessId, id);
      return products > 0 ? msg('errors.catalog.cannot_delete_unit_used_by', { products }) : null;
    },
    remove: (trx) => repo.deleteUnitRow(trx, actor.businessId, id),
    subject: unitSubject,
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
    await auditCatalog(trx, actor, 'create', 'size', row.id, sizeSubject(row));
    return row;
  });
}

export function replaceSize(
  deps: Deps,
  actor: Actor,
  id: number,
  input: z.output<typeof SizeWriteSchema>,
): Promise<Size> {
  return replaceAttribute(deps, actor, 'size', id, {
    update: (trx) => repo.updateSize(trx, actor.businessId, id, input),
    subject: sizeSubject,
    answer: (row) => row,
  });
}

export function deleteSize(deps: Deps, actor: Actor, id: number): Promise<void> {
  return deleteAttribute(deps, actor, 'size', id, {
    heldBy: async (trx) => {
      const variants = await repo.countVariantsUsing(trx, actor.businessId, 'size_id', id);
      return variants > 0 ? msg('errors.catalog.cannot_delete_size_used_by', { variants }) : null;
    },
    remove: (trx) => repo.deleteSizeRow(trx, actor.businessId, id),
    subject: sizeSubject,
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
    await auditCatalog(trx, actor, 'create', 'color', row.id, colorSubject(row));
    return row;
  });
}

export function replaceColor(
  deps: Deps,
  actor: Actor,
  id: number,
  input: z.output<typeof ColorWriteSchema>,
): Promise<Color> {
  return replaceAttribute(deps, actor, 'color', id, {
    update: (trx) =>
      repo.updateColor(trx, actor.businessId, id, { ...input, code: normaliseHex(input.code) }),
    subject: colorSubject,
    answer: (row) => row,
  });
}

export function deleteColor(deps: Deps, actor: Actor, id: number): Promise<void> {
  return deleteAttribute(deps, actor, 'color', id, {
    heldBy: async (trx) => {
      const variants = await repo.countVariantsUsing(trx, actor.businessId, 'color_id', id);
      return variants > 0 ? msg('errors.catalog.cannot_delete_colour_used_by', { variants }) : null;
    },
    remove: (trx) => repo.deleteColorRow(trx, actor.businessId, id),
    subject: colorSubject,
  });
}
