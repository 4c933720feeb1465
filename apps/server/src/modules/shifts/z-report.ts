import { type Language, type Message, msg, type Shift, type TxType } from '@app/shared';
import type { Actor, Deps } from '../../lib/context.ts';
import { conflict } from '../../lib/errors.ts';
import { type FileAnswer, TX_TYPE_WORDS } from '../../lib/report-files.ts';
import { getShift } from './shifts.service.ts';
import { type ZCurrency, type ZLine, type ZReport, zReportPdf } from './z-report.pdf.ts';
import { type CreditRow, creditOpened, type ZLineRow, zLines } from './z-report.repository.ts';

// `GET api/shifts/{id}/z-report/` (DESIGN.md sections 19 "Paths" and 22): a closed shift's
// Z-report as a PDF in the reader's language, read as the shift's card is (a department its own,
// the viewers of the whole business any, else 404).
//
// The choice made for a shift still open: 409, no X-report. An X-report lists every row of the
// drawer, and those rows add up to the expected amount that the blind count keeps from the
// cashier until they have counted (DESIGN.md section 22); the shift's card shows what may be seen.
//
// The figures add up exactly: per currency, the opening count plus every line (each money row of
// the shift but its SHIFT_DIFF rows, in exactly one line) is the expected amount, the counted
// amount less it the difference; credit is shown apart, since it never reached the drawer.

const SALE_LINES = ['sale_cash', 'sale_change', 'sale_reversed', 'sale_returns'] as const;
const SALE_LINE_WORDS: Record<(typeof SALE_LINES)[number], Message> = {
  sale_cash: msg('export.shifts.sale_cash'),
  sale_change: msg('export.shifts.sale_change'),
  sale_reversed: msg('export.shifts.sale_reversed'),
  sale_returns: msg('export.shifts.sale_returns'),
};
const TYPE_ORDER = ['EXTERNAL', 'OFFER', 'EXCHANGE', 'DEBT', 'PURCHASE', 'ADJUSTMENT', 'SALE'];

const typeRank = (row: ZLineRow) => {
  const rank = TYPE_ORDER.indexOf(row.tx_type);
  return (rank < 0 ? TYPE_ORDER.length : rank) * 2 + (row.line.endsWith('_out') ? 1 : 0);
};

/** A currency's lines: the sales by payment kind, then every other type in and out. */
export function currencyLines(rows: readonly ZLineRow[]): { sales: ZLine[]; other: ZLine[] } {
  const sales = SALE_LINES.flatMap((line) =>
    rows
      .filter((r) => r.line === line)
      .map((r) => ({ label: SALE_LINE_WORDS[line], amount: r.amount }) as ZLine),
  );
  const other = rows
    .filter((r) => !(SALE_LINES as readonly string[]).includes(r.line))
    .sort((a, b) => typeRank(a) - typeRank(b))
    .map(
      (r): ZLine => ({
        label: TX_TYPE_WORDS[r.tx_type as TxType],
        type: TX_TYPE_WORDS[r.tx_type as TxType],
        direction: r.line.endsWith('_out') ? 'out' : 'in',
        amount: r.amount,
      }),
    );
  return { sales, other };
}

export function zReportOf(
  shift: Shift,
  business: string,
  lines: readonly ZLineRow[],
  credit: CreditRow[],
): ZReport {
  // The sums first (the business's own currency), then the others as the shift lists them.
  const amounts = [...shift.amounts].sort(
    (a, b) => Number(b.currency_code === 'UZS') - Number(a.currency_code === 'UZS'),
  );
  const currencies: ZCurrency[] = amounts.map((a) => ({
    code: a.currency_code,
    opening: a.opening,
    opening_difference: a.opening_difference,
    ...currencyLines(lines.filter((l) => l.currency_id === a.currency)),
    expected: a.expected,
    counted: a.counted,
    difference: a.difference,
    denominations: a.denominations,
  }));
  return {
    business,
    number: shift.number,
    department: shift.department_name,
    opened_at: new Date(shift.opened_at),
    opened_by: shift.opened_by,
    closed_at: shift.closed_at ? new Date(shift.closed_at) : null,
    closed_by: shift.closed_by,
    currencies,
    credit,
    difference_uzs: shift.difference_uzs,
  };
}

/** `GET api/shifts/{id}/z-report/`: the closed shift's Z-report; an open one is 409. */
export async function zReport(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  id: number,
  language: Language,
): Promise<FileAnswer> {
  const shift = await getShift(deps, actor, id);
  if (shift.closed_at === null) throw conflict(msg('errors.shifts.z_report_open'));
  const [business, lines, credit] = await Promise.all([
    deps.db
      .selectFrom('businesses')
      .select('name')
      .where('id', '=', actor.businessId)
      .executeTakeFirstOrThrow(),
    zLines(deps.db, actor.businessId, id),
    creditOpened(deps.db, {
      business_id: actor.businessId,
      department_id: shift.department,
      opened_at: new Date(shift.opened_at),
      closed_at: new Date(shift.closed_at),
    }),
  ]);
  return {
    contentType: 'application/pdf',
    filename: `z-report-${shift.number}.pdf`,
    body: zReportPdf(zReportOf(shift, business.name, lines, credit), language),
  };
}
