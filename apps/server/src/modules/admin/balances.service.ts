import {
  type BalanceAdjustBodySchema,
  type BalanceAdjustResult,
  type BalanceGrid,
  D,
  type DecimalValue,
  fixedMoney,
  msg,
} from '@app/shared';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/connection.ts';
import { writeAudit } from '../../lib/audit.ts';
import type { Deps } from '../../lib/context.ts';
import { fieldError } from '../../lib/errors.ts';
import { publish } from '../../lib/events.ts';
import { type IdempotencyScope, runIdempotent } from '../../lib/idempotency.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { postMoney, resolveCurrency } from '../finance/finance.service.ts';
import type { RateSetter } from '../finance/rates.service.ts';

// Opening balances and corrections (DESIGN.md section 9): the grid of every department's
// balances, and the ADJUSTMENT ledger row the web and the admin CLI write alike.

type AdjustBody = z.output<typeof BalanceAdjustBodySchema>;

/**
 * One ADJUSTMENT ledger row on a department of the business, at the rate in force; a correction
 * that would make the balance negative is the ledger's 409 and writes nothing.
 */
export async function adjustBalance(
  deps: Pick<Deps, 'db'>,
  by: RateSetter,
  body: AdjustBody,
  idempotency: IdempotencyScope | null,
): Promise<BalanceAdjustResult> {
  return inTransaction(deps.db, (trx) =>
    runIdempotent(trx, idempotency, async () => {
      const user = await trx
        .selectFrom('users')
        .select(['id', 'email'])
        .where('id', '=', body.user)
        .where('business_id', '=', by.businessId)
        .executeTakeFirst();
      if (!user) throw fieldError('user', msg('validation.forms.user_not_found'));
      const currency = await resolveCurrency(trx, by.businessId, body.currency);
      const [row] = await postMoney(trx, [
        {
          businessId: by.businessId,
          userId: user.id,
          currencyId: currency.id,
          amount: body.amount,
          rateToUzs: currency.rate_to_uzs,
          txType: 'ADJUSTMENT',
          reason: body.reason_text,
          createdBy: by.actorId,
        },
      ]);
      if (!row) throw new Error('the ledger row was not written');
      const balance = await trx
        .selectFrom('balances')
        .select('on_hand')
        .where('business_id', '=', by.businessId)
        .where('user_id', '=', user.id)
        .where('currency_id', '=', currency.id)
        .executeTakeFirstOrThrow();
      await writeAudit(trx, {
        businessId: by.businessId,
        actorId: by.actorId,
        action: 'balance.adjust',
        entity: 'money_transaction',
        entityId: row.id,
        summary: msg('audit.admin.balance_adjusted_now', {
          email: user.email,
          fixedMoney: fixedMoney(body.amount),
          code: currency.code,
          on_hand: balance.on_hand,
          reason_text: body.reason_text,
        }),
        ip: by.ip ?? null,
      });
      // The department's open pages reload its balances (DESIGN.md section 13).
      await publish(trx, by.businessId, [{ userId: user.id, type: 'balance', data: { what: 'money' } }]);
      return {
        id: row.id,
        user: user.id,
        currency: currency.id,
        currency_code: currency.code,
        amount: row.amount,
        rate_to_uzs: row.rate_to_uzs,
        amount_in_uzs: row.amount_in_uzs,
        on_hand: balance.on_hand,
        reason: body.reason_text,
        created_at: row.created_at.toISOString(),
      };
    }),
  );
}

/**
 * GET api/admin/balances/: every department x every currency of the business, with each cell's
 * UZS value (balance_value_in_uzs, the one definition) summed per
 * department and for the business.
 */
export async function balanceGrid(db: Database, businessId: number): Promise<BalanceGrid> {
  const cells = await sql<{
    user_id: number;
    email: string;
    first_name: string;
    last_name: string;
    code: string;
    role: string;
    is_active: boolean;
    currency_id: number;
    currency_code: string;
    rate_to_uzs: string;
    on_hand: string;
    in_uzs: string;
  }>`
    SELECT u.id AS user_id, u.email, u.first_name, u.last_name, u.code, u.role, u.is_active,
           c.id AS currency_id, c.code AS currency_code, bc.rate_to_uzs,
           coalesce(b.on_hand, 0)::text AS on_hand,
           balance_value_in_uzs(${businessId}, c.id, coalesce(b.on_hand, 0))::text AS in_uzs
    FROM users u
    CROSS JOIN business_currencies bc
    JOIN currencies c ON c.id = bc.currency_id
    LEFT JOIN balances b ON b.user_id = u.id AND b.currency_id = bc.currency_id
    WHERE u.business_id = ${businessId} AND bc.business_id = ${businessId}
    ORDER BY u.id, c.id`.execute(db);

  const currencies: BalanceGrid['currencies'] = [];
  const rows = new Map<number, BalanceGrid['rows'][number]>();
  const totals = new Map<number, DecimalValue>();
  let totalUzs = new D(0);
  for (const cell of cells.rows) {
    if (!totals.has(cell.currency_id)) {
      totals.set(cell.currency_id, new D(0));
      currencies.push({ id: cell.currency_id, code: cell.currency_code, rate_to_uzs: cell.rate_to_uzs });
    }
    let row = rows.get(cell.user_id);
    if (!row) {
      row = {
        user: {
          id: cell.user_id,
          email: cell.email,
          first_name: cell.first_name,
          last_name: cell.last_name,
          code: cell.code,
          role: cell.role,
          is_active: cell.is_active,
        },
        on_hand: [],
        total_uzs: '0',
      };
      rows.set(cell.user_id, row);
    }
    row.on_hand.push(fixedMoney(cell.on_hand));
    row.total_uzs = fixedMoney(new D(row.total_uzs).plus(cell.in_uzs));
    totals.set(cell.currency_id, (totals.get(cell.currency_id) as DecimalValue).plus(cell.on_hand));
    totalUzs = totalUzs.plus(cell.in_uzs);
  }
  return {
    currencies,
    rows: [...rows.values()],
    totals: currencies.map((c) => fixedMoney(totals.get(c.id) as DecimalValue)),
    total_uzs: fixedMoney(totalUzs),
  };
}
