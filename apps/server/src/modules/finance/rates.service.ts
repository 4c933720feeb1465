import {
  AUDIT_PAGE_SIZE,
  type CbuImportResult,
  type CurrencyCreateBodySchema,
  msg,
  PIVOT_CURRENCY_CODE,
  type RateHistoryRow,
  RateToUzsSchema,
} from '@app/shared';
import type { z } from 'zod';
import type { Database } from '../../db/connection.ts';
import { rowExists } from '../../db/row-queries.ts';
import { auditAs, writeAudit } from '../../lib/audit.ts';
import type { Actor, Deps } from '../../lib/context.ts';
import { conflict, fieldError, issueMessage, notFound } from '../../lib/errors.ts';
import { parsePage } from '../../lib/pagination.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { notifyRateChanged, type RateChange } from '../notifications/notifications.service.ts';
import { fetchCbuRates } from './cbu.ts';
import * as repo from './finance.repository.ts';
import { forgetRates } from './money-apply.ts';

// Currencies and rates per business (DESIGN.md section 9): the API, the admin CLI and the daily
// Central Bank import all set rates through here.

type RateDeps = Pick<Deps, 'db' | 'caches'>;

/** Who sets a rate: a signed-in administrator, or the CLI / the schedule (no actor). */
export interface RateSetter {
  businessId: number;
  actorId: number | null;
  ip?: string | null;
}

const pivotError = () => fieldError('rate_to_uzs', msg('errors.finance.uzs_base_currency_its_rate'));

/** POST api/finance/currencies/: a currency added to the business (the global row made if new). */
export async function addCurrency(
  deps: RateDeps,
  actor: Actor,
  input: z.output<typeof CurrencyCreateBodySchema>,
) {
  if (input.code === PIVOT_CURRENCY_CODE) throw conflict(msg('errors.finance.business_already_has_uzs'));
  const added = await inTransaction(deps.db, async (trx) => {
    // One currency added at a time per business: two equal requests cannot both pass the check.
    await trx.selectFrom('businesses').select('id').where('id', '=', actor.businessId).forUpdate().execute();
    await trx
      .insertInto('currencies')
      .values({ code: input.code, name: input.name, opening_rate_to_uzs: input.rate_to_uzs })
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
    const currency = await trx
      .selectFrom('currencies')
      .select(['id', 'code', 'name'])
      .where('code', '=', input.code)
      .executeTakeFirstOrThrow();
    if (await repo.findCurrencyById(trx, actor.businessId, currency.id)) {
      throw conflict(msg('errors.finance.currency_exists', { code: currency.code }));
    }
    const rate = await repo.recordRate(trx, {
      businessId: actor.businessId,
      currencyId: currency.id,
      rateToUzs: input.rate_to_uzs,
      source: 'MANUAL',
      createdBy: actor.id,
    });
    await auditAs(trx, actor, {
      action: 'currency.add',
      entity: 'currency',
      entityId: currency.id,
      summary: msg('audit.finance.currency_added_1_uzs', {
        code: currency.code,
        name: currency.name,
        rate_to_uzs: rate.rate_to_uzs,
      }),
    });
    return { ...currency, rate_to_uzs: rate.rate_to_uzs };
  });
  forgetRates(deps, actor.businessId);
  return added;
}

/** The business's currency by id: another business's or an unknown one is 404. */
async function businessCurrency(db: Database, businessId: number, currencyId: number) {
  const currency = await repo.findCurrencyById(db, businessId, currencyId);
  if (!currency) throw notFound(msg('errors.finance.currency_not_found'));
  return currency;
}

/** POST api/finance/currencies/{id}/rates/ and the CLI's set-rate: a new manual rate from now. */
export async function setRate(deps: RateDeps, by: RateSetter, currencyId: number, rateToUzs: string) {
  const parsed = RateToUzsSchema.safeParse(rateToUzs);
  if (!parsed.success)
    throw fieldError(
      'rate_to_uzs',
      parsed.error.issues[0]
        ? issueMessage(parsed.error.issues[0].message)
        : msg('errors.finance.invalid_exchange_rate'),
    );
  const result = await inTransaction(deps.db, async (trx) => {
    const currency = await businessCurrency(trx, by.businessId, currencyId);
    if (currency.code === PIVOT_CURRENCY_CODE) throw pivotError();
    const rate = await repo.recordRate(trx, {
      businessId: by.businessId,
      currencyId,
      rateToUzs: parsed.data,
      source: 'MANUAL',
      createdBy: by.actorId,
    });
    await writeAudit(trx, {
      businessId: by.businessId,
      actorId: by.actorId,
      action: 'currency.rate',
      entity: 'currency',
      entityId: currencyId,
      summary: msg('audit.finance.exchange_rate_set_1_uzs', {
        code: currency.code,
        rate_to_uzs: rate.rate_to_uzs,
        rate_to_uzs2: currency.rate_to_uzs,
      }),
      ip: by.ip ?? null,
    });
    await notifyRateChanged(trx, by.businessId, [
      { currencyId, code: currency.code, rateToUzs: rate.rate_to_uzs, before: currency.rate_to_uzs },
    ]);
    return { currency, rate };
  });
  forgetRates(deps, by.businessId);
  const [row] = await repo.rateHistory(deps.db, by.businessId, currencyId, 0, 1);
  if (!row) throw new Error('the rate just set is missing');
  return { currency: result.currency, row: historyRow(row) };
}

type HistoryDbRow = Awaited<ReturnType<typeof repo.rateHistory>>[number];

function historyRow(r: HistoryDbRow): RateHistoryRow {
  return {
    id: r.id,
    rate_to_uzs: r.rate_to_uzs,
    source: r.source,
    rate_date: r.rate_date,
    created_by:
      r.user_id === null
        ? null
        : {
            id: r.user_id,
            email: r.email ?? '',
            first_name: r.first_name ?? '',
            last_name: r.last_name ?? '',
            code: r.code ?? '',
          },
    created_at: r.created_at.toISOString(),
  };
}

/** GET api/finance/currencies/{id}/rates/: the history, newest first, 50 a page. */
export async function listRateHistory(deps: RateDeps, actor: Actor, currencyId: number, rawPage?: string) {
  await businessCurrency(deps.db, actor.businessId, currencyId);
  const page = parsePage(rawPage);
  const count = await repo.countRates(deps.db, actor.businessId, currencyId);
  const lastPage = Math.max(1, Math.ceil(count / AUDIT_PAGE_SIZE));
  if (page > lastPage) throw notFound(msg('errors.invalid_page'));
  const rows = await repo.rateHistory(
    deps.db,
    actor.businessId,
    currencyId,
    (page - 1) * AUDIT_PAGE_SIZE,
    AUDIT_PAGE_SIZE,
  );
  return { count, page, lastPage, results: rows.map(historyRow) };
}

/** The business has imported the Central Bank's rates since `since` (its audit row says so). */
export function importedSince(db: Database, businessId: number, since: Date): Promise<boolean> {
  return rowExists(db, 'audit_log', (eb) =>
    eb.and([
      eb('business_id', '=', businessId),
      eb('action', '=', CBU_IMPORT_ACTION),
      eb('created_at', '>=', since),
    ]),
  );
}

const CBU_IMPORT_ACTION = 'currency.import-cbu';

/**
 * POST api/finance/rates/import-cbu/ and the daily import: the Central Bank's rate for every
 * currency the business has (but the pivot). The feed is read before anything is written, so a
 * failed feed (502) leaves every rate as it was. A rate equal to the one in force is not written
 * again and is reported unchanged, as is a currency the feed does not carry.
 */
export async function importCbuRates(deps: CbuDeps, by: RateSetter): Promise<CbuImportResult> {
  const result = await runCbuImport(deps, by, null);
  if (!result) throw new Error('an unconditional import always runs');
  return result;
}

/** The schedule's import: none when another server process has imported since `since`. */
export function importCbuRatesUnlessImportedSince(deps: CbuDeps, by: RateSetter, since: Date) {
  return runCbuImport(deps, by, since);
}

type CbuDeps = RateDeps & Pick<Deps, 'config'>;

async function runCbuImport(
  deps: CbuDeps,
  by: RateSetter,
  unlessImportedSince: Date | null,
): Promise<CbuImportResult | null> {
  const feed = await fetchCbuRates(deps.config.cbuRatesUrl, deps.config.cbuTimeoutMs);
  const result = await inTransaction(deps.db, async (trx) => {
    // One import at a time per business (the schedule runs in every server process); the
    // schedule's import is skipped when another process has just done it.
    await trx.selectFrom('businesses').select('id').where('id', '=', by.businessId).forUpdate().execute();
    if (unlessImportedSince && (await importedSince(trx, by.businessId, unlessImportedSince))) {
      return null;
    }
    const updated: CbuImportResult['updated'] = [];
    const unchanged: CbuImportResult['unchanged'] = [];
    const notified: RateChange[] = [];
    for (const currency of await repo.listCurrencies(trx, by.businessId)) {
      if (currency.code === PIVOT_CURRENCY_CODE) continue;
      const official = feed.rates.get(currency.code);
      if (!official || official === currency.rate_to_uzs) {
        unchanged.push({ code: currency.code, rate_to_uzs: currency.rate_to_uzs });
        continue;
      }
      await repo.recordRate(trx, {
        businessId: by.businessId,
        currencyId: currency.id,
        rateToUzs: official,
        source: 'CBU',
        rateDate: feed.date,
        createdBy: by.actorId,
      });
      updated.push({ code: currency.code, rate_to_uzs: official });
      notified.push({
        currencyId: currency.id,
        code: currency.code,
        rateToUzs: official,
        before: currency.rate_to_uzs,
      });
    }
    await notifyRateChanged(trx, by.businessId, notified, feed.date);
    const changes = updated.map((u) => `1 ${u.code} = ${u.rate_to_uzs} UZS`).join(', ');
    await writeAudit(trx, {
      businessId: by.businessId,
      actorId: by.actorId,
      action: CBU_IMPORT_ACTION,
      entity: 'currency',
      summary: changes
        ? msg('audit.finance.central_bank_rates', { date: feed.date, changes })
        : msg('audit.finance.central_bank_rates_no_changes', { date: feed.date }),
      ip: by.ip ?? null,
    });
    return { date: feed.date, updated, unchanged };
  });
  if (result) forgetRates(deps, by.businessId);
  return result;
}
