import { type Location, type LocationWriteSchema, msg } from '@app/shared';
import type { z } from 'zod';
import type { Actor, Deps } from '../../lib/context.ts';
import { conflict, fieldError, notFound } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { auditCatalog } from './catalog.audit.ts';
import * as repo from './locations.repository.ts';

// Locations (DESIGN.md section 10): list, create, replace and delete for the catalogue's writing
// roles; a location that stock entries or exits name is deactivated instead of deleted. Entries and
// exits keep the name as text (spec.md sends it so): a rename leaves them as they were written.

type LocationWrite = z.output<typeof LocationWriteSchema>;

const NAME_TAKEN = msg('errors.catalog.location_with_name_already_exists');

function describe(row: Location): string {
  return `${row.name} (${row.kind}${row.is_active ? '' : ', nofaol'})`;
}

export function listLocations(deps: Deps, actor: Actor): Promise<Location[]> {
  return repo.listLocations(deps.db, actor.businessId);
}

export function createLocation(deps: Deps, actor: Actor, input: LocationWrite): Promise<Location> {
  return inTransaction(deps.db, async (trx) => {
    if (await repo.nameTaken(trx, actor.businessId, input.name)) throw fieldError('name', NAME_TAKEN);
    const row = await repo.insertLocation(trx, actor.businessId, input);
    await auditCatalog(trx, actor, 'create', 'location', row.id, describe(row));
    return row;
  });
}

export function replaceLocation(
  deps: Deps,
  actor: Actor,
  id: number,
  input: LocationWrite,
): Promise<Location> {
  return inTransaction(deps.db, async (trx) => {
    if (!(await repo.lockLocation(trx, actor.businessId, id))) throw notFound();
    if (await repo.nameTaken(trx, actor.businessId, input.name, id)) throw fieldError('name', NAME_TAKEN);
    const row = await repo.updateLocation(trx, actor.businessId, id, input);
    await auditCatalog(trx, actor, 'update', 'location', id, describe(row));
    return row;
  });
}

export function deleteLocation(deps: Deps, actor: Actor, id: number): Promise<void> {
  return inTransaction(deps.db, async (trx) => {
    const row = await repo.lockLocation(trx, actor.businessId, id);
    if (!row) throw notFound();
    const used = await repo.countStockNaming(trx, actor.businessId, row.name);
    if (used > 0) {
      throw conflict(msg('errors.catalog.location_in_use', { used }));
    }
    await repo.deleteLocation(trx, actor.businessId, id);
    await auditCatalog(trx, actor, 'delete', 'location', id, row.name);
  });
}
