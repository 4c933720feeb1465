import {
  type CurrentShift,
  D,
  fixedMoney,
  isAdministrator,
  keepsShifts,
  msg,
  type Shift,
  type ShiftCount,
  type ShiftListQuery,
  type ShiftPage,
  seesWholeBusiness,
} from '@app/shared';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { auditAs } from '../../lib/audit.ts';
import type { Actor, Deps } from '../../lib/context.ts';
import { badRequest, conflict, fieldError, forbidden, notFound, pgCodeOf } from '../../lib/errors.ts';
import { type IdempotencyScope, runIdempotent } from '../../lib/idempotency.ts';
import { pageOf, parsePage } from '../../lib/pagination.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { postMoney, resolveCurrency } from '../finance/finance.service.ts';
import * as repo from './shifts.repository.ts';

// Cash shifts (DESIGN.md section 22). A department that keeps a drawer opens a shift with the
// drawer counted per currency; money_post gives every money row of the department meanwhile the
// shift. The opening count less the balance then, and at the close the blind count less the
// expected amount (opening + the shift's rows), are posted as SHIFT_DIFF rows of the shift, so the
// balance equals the cash in the drawer. Lock order: the shift, then the balance rows (as
// money_post's shifts_lock takes them), so a close waits for every row that carries its shift.

type Trx = repo.Trx;

interface Settings {
  sale_roles: string[];
  sales_need_shift: boolean;
}

function settingsOf(db: Deps['db'] | Trx, businessId: number): Promise<Settings> {
  return db
    .selectFrom('businesses')
    .select(['sale_roles', 'sales_need_shift'])
    .where('id', '=', businessId)
    .executeTakeFirstOrThrow();
}

/** The shift as the API answers it; a blind count keeps expected and differences null while open. */
async function viewOf(db: Deps['db'] | Trx, rows: readonly repo.ShiftRow[]): Promise<Shift[]> {
  const ids = rows.map((r) => r.id);
  // Every list is of one business.
  const businessId = rows[0]?.business_id ?? 0;
  const [amounts, diffs] = await Promise.all([
    repo.amountsOf(db, businessId, ids),
    repo.differencesUzs(db, businessId, ids),
  ]);
  return rows.map((row) => {
    const closed = row.closed_at !== null;
    return {
      id: row.id,
      number: row.number,
      department: row.department_id,
      department_name: row.department_name,
      department_role: row.department_role,
      status: closed ? 'CLOSED' : 'OPEN',
      opened_at: row.opened_at.toISOString(),
      opened_by: row.opened_by_name,
      closed_at: row.closed_at?.toISOString() ?? null,
      closed_by: row.closed_by_name,
      amounts: amounts
        .filter((a) => a.shift_id === row.id)
        .map((a) => ({
          currency: a.currency_id,
          currency_code: a.currency_code,
          opening: fixedMoney(a.opening),
          opening_difference: fixedMoney(a.opening_difference),
          expected: closed && a.expected !== null ? fixedMoney(a.expected) : null,
          counted: closed && a.counted !== null ? fixedMoney(a.counted) : null,
          difference: closed && a.difference !== null ? fixedMoney(a.difference) : null,
          denominations: closed ? a.counted_denominations : null,
          opening_denominations: a.opening_denominations,
        })),
      difference_uzs: closed ? fixedMoney(diffs.get(row.id) ?? '0') : null,
    };
  });
}

async function oneView(db: Deps['db'] | Trx, businessId: number, id: number): Promise<Shift> {
  const row = await repo.findShift(db, businessId, id);
  if (!row) throw notFound();
  const [view] = await viewOf(db, [row]);
  if (!view) throw notFound();
  return view;
}

/** The department whose shifts the actor reads: null for the viewers of the whole business. */
const readerScope = (actor: Actor) => (seesWholeBusiness(actor.role) ? null : actor.id);

/** GET api/shifts/current/: the actor's open shift, whether it keeps shifts, and the sales rule. */
export async function currentShift(deps: Pick<Deps, 'db'>, actor: Actor): Promise<CurrentShift> {
  const settings = await settingsOf(deps.db, actor.businessId);
  const open = await repo.findOpenShift(deps.db, actor.businessId, actor.id);
  return {
    shift: open ? ((await viewOf(deps.db, [open]))[0] ?? null) : null,
    may_keep_shifts: keepsShifts(actor.role, settings.sale_roles),
    sales_need_shift: settings.sales_need_shift,
  };
}

/** GET api/shifts/{id}/: the department's own shift, or any of the business's for its viewers. */
export async function getShift(deps: Pick<Deps, 'db'>, actor: Actor, id: number): Promise<Shift> {
  const shift = await oneView(deps.db, actor.businessId, id);
  const scope = readerScope(actor);
  if (scope !== null && shift.department !== scope) throw notFound();
  return shift;
}

/** GET api/shifts/: the shifts in the filter, newest first, and each department's totals. */
export async function listShifts(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  query: ShiftListQuery,
  request: FastifyRequest,
): Promise<ShiftPage> {
  const page = parsePage(query.page);
  const scope = readerScope(actor);
  // As the reports (DESIGN.md section 11): another department is 403 to a department, and one
  // outside the business a field error to the viewers of the whole business.
  if (scope !== null && query.department !== undefined && query.department !== actor.id) throw forbidden();
  if (scope === null && query.department !== undefined) {
    const known = await deps.db
      .selectFrom('users')
      .select('id')
      .where('id', '=', query.department)
      .where('business_id', '=', actor.businessId)
      .executeTakeFirst();
    if (!known) throw fieldError('department', msg('errors.invalid_pk', { id: query.department }));
  }
  const [{ rows, count }, totals] = await Promise.all([
    repo.listShifts(deps.db, actor.businessId, query, scope, page),
    repo.departmentTotals(deps.db, actor.businessId, query, scope),
  ]);
  const lastPage = Math.max(1, Math.ceil(count / query.page_size));
  if (page > lastPage) throw notFound(msg('errors.invalid_page'));
  const results = await viewOf(deps.db, rows);
  return {
    ...pageOf(request, { count, page, lastPage, results }),
    totals: totals.map((t) => ({ ...t, difference_uzs: fixedMoney(t.difference_uzs) })),
  };
}

/** A count with its currency resolved to one of the business's. */
type Count = Omit<ShiftCount, 'currency'> & { currency: number };

/**
 * The counts with their currencies (a code or an id) resolved to the business's, and those
 * currencies' rates; an unknown currency or one counted twice is a field error.
 */
async function resolveCounts(trx: Trx, businessId: number, counts: readonly ShiftCount[], field: string) {
  const rates: Rates = new Map();
  const resolved: Count[] = [];
  for (const [i, count] of counts.entries()) {
    let currency: Awaited<ReturnType<typeof resolveCurrency>>;
    try {
      currency = await resolveCurrency(trx, businessId, count.currency);
    } catch {
      throw fieldError(`${field}.${i}.currency`, msg('errors.shifts.unknown_currency'));
    }
    if (rates.has(currency.id)) throw fieldError(field, msg('validation.documents.one_amount_per_currency'));
    rates.set(currency.id, currency);
    resolved.push({ ...count, currency: currency.id });
  }
  return { counts: resolved, rates };
}

/** POST api/shifts/: opens the actor's shift with its drawer counted (DESIGN.md section 22). */
export async function openShift(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  given: readonly ShiftCount[],
  scope: IdempotencyScope | null,
): Promise<Shift> {
  return inTransaction(deps.db, (trx) =>
    runIdempotent(trx, scope, async () => {
      const settings = await settingsOf(trx, actor.businessId);
      if (!keepsShifts(actor.role, settings.sale_roles))
        throw forbidden(msg('errors.shifts.not_a_cash_desk'));
      const { counts: opening, rates } = await resolveCounts(trx, actor.businessId, given, 'opening');
      const number = await repo.nextShiftNumber(trx, actor.businessId);
      let shiftId: number;
      try {
        const row = await trx
          .insertInto('cash_shifts')
          .values({ business_id: actor.businessId, department_id: actor.id, number, opened_by: actor.id })
          .returning('id')
          .executeTakeFirstOrThrow();
        shiftId = row.id;
      } catch (err) {
        if (pgCodeOf(err) === '23505') throw conflict(msg('errors.shifts.already_open'));
        throw err;
      }
      // The balances when the shift opens: rows in flight commit first, and carry no shift.
      const balances = new Map(
        (await repo.lockDepartmentBalances(trx, actor.businessId, actor.id)).map((b) => [
          b.currency_id,
          b.on_hand,
        ]),
      );
      const counted = new Map(opening.map((c) => [c.currency, c]));
      const currencyIds = [...new Set([...counted.keys(), ...balances.keys()])].sort((a, b) => a - b);
      const amounts = currencyIds
        .map((currencyId) => {
          const balance = new D(balances.get(currencyId) ?? '0');
          const count = counted.get(currencyId);
          const amount = count ? new D(count.amount) : balance;
          return {
            shift_id: shiftId,
            business_id: actor.businessId,
            currency_id: currencyId,
            opening: fixedMoney(amount),
            opening_difference: fixedMoney(amount.minus(balance)),
            opening_denominations: count?.denominations ? JSON.stringify(count.denominations) : null,
          };
        })
        .filter((a) => counted.has(a.currency_id) || !new D(a.opening).isZero());
      if (amounts.length > 0) await trx.insertInto('cash_shift_amounts').values(amounts).execute();
      // Only a counted currency can differ from its balance: its rate came with the count.
      await postDifferences(
        trx,
        actor,
        actor.id,
        amounts.map((a) => ({ currencyId: a.currency_id, difference: a.opening_difference })),
        rates,
        msg('reason.shifts.opening_difference', { number }),
      );
      await auditAs(trx, actor, {
        action: 'shift.open',
        entity: 'shift',
        entityId: shiftId,
        summary: msg('audit.shifts.opened', { number }),
      });
      return oneView(trx, actor.businessId, shiftId);
    }),
  );
}

type Rates = Map<number, { id: number; code: string; rate_to_uzs: string }>;

/** Each currency's non-zero difference as one SHIFT_DIFF row of the department (money_post adds the shift). */
async function postDifferences(
  trx: Trx,
  actor: Actor,
  departmentId: number,
  differences: readonly { currencyId: number; difference: string }[],
  rates: Rates,
  reason: ReturnType<typeof msg>,
): Promise<void> {
  const rateOf = (currencyId: number) => {
    const rate = rates.get(currencyId)?.rate_to_uzs;
    if (rate === undefined) throw new Error(`no rate for currency ${currencyId} of a shift's difference`);
    return rate;
  };
  await postMoney(
    trx,
    differences
      .filter((d) => !new D(d.difference).isZero())
      .map((d) => ({
        businessId: actor.businessId,
        userId: departmentId,
        currencyId: d.currencyId,
        amount: d.difference,
        rateToUzs: rateOf(d.currencyId),
        txType: 'SHIFT_DIFF' as const,
        reason,
        createdBy: actor.id,
      })),
  );
}

/**
 * POST api/shifts/{id}/close/: the blind count. Every currency of the shift is counted; then the
 * expected amounts are read under the shift's and the balances' locks, and each difference is
 * posted. Closed once: the same count again, or the same Idempotency-Key, answers the close
 * again; another count is a 409.
 */
export async function closeShift(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  id: number,
  given: readonly ShiftCount[],
  scope: IdempotencyScope | null,
): Promise<Shift> {
  return inTransaction(deps.db, (trx) =>
    runIdempotent(trx, scope, async () => {
      const shift = await repo.lockShift(trx, actor.businessId, id);
      if (!shift) throw notFound();
      if (shift.department_id !== actor.id && !isAdministrator(actor.role)) throw notFound();
      const { counts: counted, rates } = await resolveCounts(trx, actor.businessId, given, 'counted');
      if (shift.closed_at !== null) return closedAgain(trx, actor.businessId, id, counted);
      // Rows in flight hold the balance rows: once locked, the shift's rows are all written.
      await repo.lockDepartmentBalances(trx, actor.businessId, shift.department_id);
      const stored = await repo.amountsOf(trx, actor.businessId, [id]);
      const counts = new Map(counted.map((c) => [c.currency, c]));
      const uncounted = stored.filter((a) => !counts.has(a.currency_id)).map((a) => a.currency_code);
      if (uncounted.length > 0)
        throw badRequest(msg('errors.shifts.count_every_currency', { codes: uncounted.join(', ') }), {
          counted: [msg('errors.shifts.count_every_currency', { codes: uncounted.join(', ') })],
        });
      const moved = await repo.movedDuring(trx, actor.businessId, id);
      const opening = new Map(stored.map((a) => [a.currency_id, a.opening]));
      const closing = counted.map((c) => {
        const expected = new D(opening.get(c.currency) ?? '0').plus(moved.get(c.currency) ?? '0');
        return {
          shift_id: id,
          business_id: actor.businessId,
          currency_id: c.currency,
          opening: fixedMoney(opening.get(c.currency) ?? '0'),
          expected: fixedMoney(expected),
          counted: c.amount,
          difference: fixedMoney(new D(c.amount).minus(expected)),
          counted_denominations: c.denominations ? JSON.stringify(c.denominations) : null,
        };
      });
      await trx
        .insertInto('cash_shift_amounts')
        .values(closing)
        .onConflict((oc) =>
          oc.columns(['shift_id', 'currency_id']).doUpdateSet((eb) => ({
            expected: eb.ref('excluded.expected'),
            counted: eb.ref('excluded.counted'),
            difference: eb.ref('excluded.difference'),
            counted_denominations: eb.ref('excluded.counted_denominations'),
          })),
        )
        .execute();
      const { number } = shift;
      await postDifferences(
        trx,
        actor,
        shift.department_id,
        closing.map((c) => ({ currencyId: c.currency_id, difference: c.difference })),
        rates,
        msg('reason.shifts.closing_difference', { number }),
      );
      await trx
        .updateTable('cash_shifts')
        .set({ closed_at: sql`clock_timestamp()`, closed_by: actor.id })
        .where('business_id', '=', actor.businessId)
        .where('id', '=', id)
        .execute();
      await auditAs(trx, actor, {
        action: 'shift.close',
        entity: 'shift',
        entityId: id,
        summary: msg('audit.shifts.closed', {
          number,
          differences: closing
            .map((c) => `${c.difference} ${rates.get(c.currency_id)?.code ?? ''}`)
            .join(', '),
        }),
      });
      return oneView(trx, actor.businessId, id);
    }),
  );
}

/**
 * A close of a closed shift: the same count again (a retry whose answer was lost) answers the
 * shift as closed and posts nothing; another count is a 409.
 */
async function closedAgain(
  trx: Trx,
  businessId: number,
  id: number,
  counted: readonly Count[],
): Promise<Shift> {
  const stored = await repo.amountsOf(trx, businessId, [id]);
  const same =
    stored.length === counted.length &&
    stored.every((a) => {
      const count = counted.find((c) => c.currency === a.currency_id);
      return count !== undefined && a.counted !== null && new D(a.counted).eq(count.amount);
    });
  if (!same) throw conflict(msg('errors.shifts.already_closed'));
  return oneView(trx, businessId, id);
}

/**
 * A sale's posting (DESIGN.md section 22): when the business asks for it, the selling department
 * needs an open shift, shared until the sale commits so the shift cannot close under it.
 */
export async function requireShiftForSale(trx: Trx, businessId: number, departmentId: number): Promise<void> {
  const { sales_need_shift } = await settingsOf(trx, businessId);
  if (!sales_need_shift) return;
  if ((await repo.shareOpenShift(trx, businessId, departmentId)) === null)
    throw conflict(msg('errors.shifts.sale_needs_shift'));
}
