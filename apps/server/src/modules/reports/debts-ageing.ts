import { type DebtsAgeing, type DebtsAgeingQuery, msg, seesEveryDebt } from '@app/shared';
import { sql } from 'kysely';
import type { Actor, Deps } from '../../lib/context.ts';
import { cursorBatches } from '../../lib/cursor.ts';
import { fieldError, forbidden } from '../../lib/errors.ts';
import type { FileColumn } from '../../lib/report-files.ts';
import type { Answer } from '../../lib/send-report.ts';
import { type AgeingDbRow, ageingRows, viewerOf } from '../debts/debts.service.ts';
import { findDepartment } from './reports.repository.ts';
import { fileAnswer, pageOfRows } from './reports.service.ts';

// The debts ageing report (DESIGN.md section 12): what remains open per counterparty and
// currency by days past due, as of today; as JSON pages or a file like the other reports.

const BUCKETS = ['current', 'd1_30', 'd31_60', 'd61_90', 'd90_plus', 'total'] as const;
const AGEING_PAGE_SIZE = 50;

const COLUMNS: FileColumn<AgeingDbRow>[] = [
  { header: msg('export.reports.counterparty'), kind: 'text', value: (r) => r.counterparty_name, width: 3 },
  { header: msg('export.reports.currency'), kind: 'text', value: (r) => r.currency_code },
  { header: msg('export.reports.not_due'), kind: 'money', value: (r) => r.current },
  { header: msg('export.reports.days_1_30'), kind: 'money', value: (r) => r.d1_30 },
  { header: msg('export.reports.days_31_60'), kind: 'money', value: (r) => r.d31_60 },
  { header: msg('export.reports.days_61_90'), kind: 'money', value: (r) => r.d61_90 },
  { header: msg('export.reports.days_90_plus'), kind: 'money', value: (r) => r.d90_plus },
  { header: msg('export.reports.total'), kind: 'money', value: (r) => r.total },
];

export async function debtsAgeing(
  deps: Pick<Deps, 'db' | 'clock'>,
  actor: Actor,
  query: DebtsAgeingQuery,
): Promise<Answer<Omit<DebtsAgeing, 'next' | 'previous'>>> {
  const viewer = viewerOf(deps, actor);
  if (query.department !== undefined) {
    if (!seesEveryDebt(actor.role) && query.department !== actor.id) throw forbidden();
    if (!(await findDepartment(deps.db, actor.businessId, query.department)))
      throw fieldError('department', msg('errors.invalid_pk', { id: query.department }));
    viewer.departmentId = query.department;
  }
  const rows = ageingRows(viewer, query.direction);
  const name = `qarzlar-${query.direction === 'RECEIVABLE' ? 'debitor' : 'kreditor'}-${viewer.today}`;
  if (query.format !== 'json') {
    return fileAnswer(query.format, {
      name,
      title: msg(
        query.direction === 'RECEIVABLE' ? 'export.reports.receivable_title' : 'export.reports.payable_title',
      ),
      subtitle: msg('export.reports.as_of', { day: viewer.today }),
      columns: COLUMNS,
      batches: cursorBatches(deps.db, rows),
    });
  }
  const [paging, totals] = await Promise.all([
    pageOfRows(deps.db, rows, query.page, AGEING_PAGE_SIZE),
    sql<Omit<DebtsAgeing['totals'][number], never>>`
      SELECT currency_code, ${sql.join(BUCKETS.map((b) => sql`sum(${sql.ref(b)}::numeric)::numeric(20,2)::text AS ${sql.ref(b)}`))}
      FROM (${rows}) r GROUP BY currency_code ORDER BY currency_code`.execute(deps.db),
  ]);
  return {
    kind: 'json',
    paging,
    body: {
      count: paging.count,
      as_of: viewer.today,
      results: paging.rows.map((r) => ({
        counterparty: { id: r.counterparty_id, name: r.counterparty_name },
        currency_code: r.currency_code,
        current: r.current,
        d1_30: r.d1_30,
        d31_60: r.d31_60,
        d61_90: r.d61_90,
        d90_plus: r.d90_plus,
        total: r.total,
      })),
      totals: totals.rows,
    },
  };
}
