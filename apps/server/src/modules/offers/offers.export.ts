import {
  BUSINESS_TIME_ZONE,
  businessDay,
  type Language,
  type Message,
  msg,
  type Offer,
  type OfferStatus,
  type ReportFormat,
} from '@app/shared';
import type { Actor, Deps } from '../../lib/context.ts';
import { type FileAnswer, type FileColumn, reportFile } from '../../lib/report-files.ts';
import { tr } from '../../lib/texts.ts';
import * as repo from './offers.repository.ts';
import { loadOfferViews } from './offers.views.ts';

// The Income and Outcome pages' download dialog (spec.md section 2 "Income and Outcome"), made
// by the server's writers like every file (DESIGN.md section 15, one export stack): the list's
// offers, newest first, with the table's columns (#, proposer, from, to, amount, type, status,
// reason, date) in the reader's language. The reason is whole, where the table cuts it.

type Side = 'incomes' | 'outcomes';

/** The file's words (the uz catalogue's as the web's uz catalogue has them), rendered by tr(). */
const OFFER_FILE_TEXTS = {
  incomes: msg('export.offers.incoming'),
  outcomes: msg('export.offers.outgoing'),
  createdBy: msg('export.offers.offered_by'),
  from: msg('export.offers.from'),
  to: msg('export.offers.to'),
  amount: msg('export.offers.amount'),
  type: msg('export.offers.type'),
  status: msg('export.offers.status'),
  reason: msg('export.offers.reason'),
  date: msg('export.offers.date'),
  money: msg('export.offers.money'),
  product: msg('export.offers.product'),
} as const;

/** The offer statuses in words, as the offers' pages name them (History's summaries use them too). */
export const STATUS_TEXTS: Record<OfferStatus, Message> = {
  DRAFT: msg('export.offers.draft'),
  PENDING: msg('export.offers.pending'),
  APPROVED: msg('export.offers.approved'),
  REJECTED: msg('export.offers.rejected'),
  CANCELED: msg('export.offers.canceled'),
};

/** Offers read for the file at a time. */
const BATCH = 500;

const DATE_TIME = new Intl.DateTimeFormat('sv-SE', {
  timeZone: BUSINESS_TIME_ZONE,
  dateStyle: 'short',
  timeStyle: 'short',
});

function personName(user: Offer['from_user']): string {
  return `${user.first_name} ${user.last_name}`.trim() || user.email;
}

/** Money lines as "50.00 USD", item lines as "2.500 × SKU": the exact decimals of the API. */
function offerAmount(offer: Offer): string {
  if (offer.money_lines.length > 0)
    return offer.money_lines.map((l) => `${l.amount} ${l.currency_code}`).join(', ');
  return offer.item_lines.map((l) => `${l.quantity} × ${l.variant.sku}`).join(', ');
}

function offerColumns(language: Language): FileColumn<Offer>[] {
  const t = (message: Message) => tr(language, message);
  return [
    { header: '#', kind: 'text', value: (o) => String(o.id), width: 0.6 },
    { header: t(OFFER_FILE_TEXTS.createdBy), kind: 'text', value: (o) => personName(o.created_by) },
    { header: t(OFFER_FILE_TEXTS.from), kind: 'text', value: (o) => personName(o.from_user) },
    { header: t(OFFER_FILE_TEXTS.to), kind: 'text', value: (o) => personName(o.to_user) },
    { header: t(OFFER_FILE_TEXTS.amount), kind: 'text', value: offerAmount },
    { header: t(OFFER_FILE_TEXTS.type), kind: 'text', value: (o) => t(OFFER_FILE_TEXTS[o.type]), width: 1 },
    { header: t(OFFER_FILE_TEXTS.status), kind: 'text', value: (o) => t(STATUS_TEXTS[o.status]), width: 1.4 },
    { header: t(OFFER_FILE_TEXTS.reason), kind: 'text', value: (o) => o.reason, width: 3 },
    {
      header: t(OFFER_FILE_TEXTS.date),
      kind: 'text',
      value: (o) => DATE_TIME.format(new Date(o.created_at)),
    },
  ];
}

async function* offerBatches(
  deps: Pick<Deps, 'db'>,
  businessId: number,
  ids: readonly number[],
): AsyncGenerator<Offer[]> {
  for (let i = 0; i < ids.length; i += BATCH)
    yield loadOfferViews(deps.db, businessId, ids.slice(i, i + BATCH));
}

/** My incoming or outgoing offers as a CSV, Excel or PDF file, the same ones the list answers. */
export async function offersFile(
  deps: Pick<Deps, 'db' | 'clock'>,
  actor: Actor,
  side: Side,
  format: Exclude<ReportFormat, 'json'>,
  language: Language,
): Promise<FileAnswer> {
  const ids = await repo.listOfferIds(
    deps.db,
    actor.businessId,
    actor.id,
    side === 'incomes' ? 'to' : 'from',
  );
  const today = businessDay(deps.clock());
  return reportFile(
    format,
    {
      name: `takliflar-${side === 'incomes' ? 'kirim' : 'chiqim'}-${today}`,
      title: tr(language, OFFER_FILE_TEXTS[side]),
      subtitle: today,
      columns: offerColumns(language),
      batches: offerBatches(deps, actor.businessId, ids),
    },
    language,
  );
}
