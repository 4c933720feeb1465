import { type BalanceGrid, formatMoneyFixed, formatRate, PIVOT_CURRENCY_CODE } from '@app/shared';
import { useState } from 'react';
import { Badge } from '../../../components/ui/Badge.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { Card } from '../../../components/ui/Card.tsx';
import { ErrorMessage, SuccessMessage } from '../../../components/ui/ErrorMessage.tsx';
import { LoadingText } from '../../../components/ui/Spinner.tsx';
import { Table, TableMessageRow, TBody, TD, TH, THead, TR } from '../../../components/ui/Table.tsx';
import { useRoleLabel } from '../../../i18n/role-labels.ts';
import { useT } from '../../../i18n/useT.ts';
import { failureMessage } from '../../../lib/api-client.ts';
import { useBalanceGrid } from '../api/balances.ts';
import { AdjustBalanceDialog } from '../components/AdjustBalanceDialog.tsx';

function Who({ u }: { u: BalanceGrid['rows'][number]['user'] }) {
  const roleLabel = useRoleLabel();
  const name = [u.first_name, u.last_name].filter(Boolean).join(' ');
  return (
    <>
      <div className="font-medium text-slate-900">{name || u.email}</div>
      <div className="hidden text-xs text-slate-500 sm:block">
        {name ? u.email : null} {u.code ? `· ${u.code}` : null} · {roleLabel(u.role)}
      </div>
    </>
  );
}

/**
 * /admin/balances (DESIGN.md section 9): every department's money in every currency, the
 * business's total in UZS at today's rates, and the adjustment that opens or corrects a balance.
 */
export function AdminBalancesPage() {
  const t = useT();
  const grid = useBalanceGrid();
  const [adjusting, setAdjusting] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  if (grid.isPending) return <LoadingText>{t('admin.balances.loading')}</LoadingText>;
  if (grid.isError)
    return <ErrorMessage>{failureMessage(grid.error, t('admin.balances.loadFailed'))}</ErrorMessage>;
  const data = grid.data;
  const columns = data.currencies.length + 3;

  return (
    <div className="space-y-4">
      <BusinessTotal grid={data} />
      {notice ? <SuccessMessage>{notice}</SuccessMessage> : null}
      <Table caption={t('admin.balances.caption')}>
        <THead>
          <tr>
            <TH>{t('admin.balances.department')}</TH>
            {data.currencies.map((c) => (
              <TH key={c.id} align="right">
                {c.code}
              </TH>
            ))}
            <TH align="right">{t('admin.balances.totalUzs')}</TH>
            <TH align="right">
              <span className="sr-only">{t('admin.table.actions')}</span>
            </TH>
          </tr>
        </THead>
        <TBody>
          {data.rows.length === 0 ? (
            <TableMessageRow colSpan={columns}>{t('admin.balances.empty')}</TableMessageRow>
          ) : (
            data.rows.map((row) => (
              <BalanceRow key={row.user.id} grid={data} row={row} onAdjust={setAdjusting} />
            ))
          )}
          <TR className="bg-slate-50 font-semibold" data-testid="balance-totals">
            <TD>{t('admin.balances.total')}</TD>
            {data.totals.map((amount, i) => (
              <TD key={data.currencies[i]?.id} numeric>
                {formatMoneyFixed(amount)}
              </TD>
            ))}
            <TD numeric>{formatMoneyFixed(data.total_uzs)}</TD>
            <TD />
          </TR>
        </TBody>
      </Table>
      {adjusting !== null ? (
        <AdjustBalanceDialog
          grid={data}
          userId={adjusting}
          onClose={() => setAdjusting(null)}
          onDone={setNotice}
        />
      ) : null}
    </div>
  );
}

/** The business's total in UZS, and the rates it was valued at. */
function BusinessTotal({ grid: data }: { grid: BalanceGrid }) {
  const t = useT();
  const rates = data.currencies.filter((c) => c.code !== PIVOT_CURRENCY_CODE);
  return (
    <Card className="flex flex-wrap items-end justify-between gap-4 p-5">
      <div>
        <p className="text-sm text-slate-500">{t('admin.balances.businessTotal')}</p>
        <p className="text-2xl font-semibold text-slate-900 tabular-nums" data-testid="business-total">
          {t('admin.balances.amountUzs', { amount: formatMoneyFixed(data.total_uzs) })}
        </p>
      </div>
      <p className="text-sm text-slate-500">
        {rates
          .map((c) => t('admin.rates.equation', { code: c.code, rate: formatRate(c.rate_to_uzs) }))
          .join(' · ')}
      </p>
    </Card>
  );
}

/** A department: its money per currency, its total in UZS, and the adjustment. */
function BalanceRow({
  grid: data,
  row,
  onAdjust,
}: {
  grid: BalanceGrid;
  row: BalanceGrid['rows'][number];
  onAdjust: (userId: number) => void;
}) {
  const t = useT();
  return (
    <TR data-testid="balance-row" className={row.user.is_active ? undefined : 'opacity-60'}>
      <TD>
        <Who u={row.user} />
        {row.user.is_active ? null : (
          <Badge tone="gray" className="mt-1">
            {t('admin.status.inactive')}
          </Badge>
        )}
      </TD>
      {row.on_hand.map((amount, i) => (
        <TD key={data.currencies[i]?.id} numeric data-currency={data.currencies[i]?.code}>
          {formatMoneyFixed(amount)}
        </TD>
      ))}
      <TD numeric className="font-medium">
        {formatMoneyFixed(row.total_uzs)}
      </TD>
      <TD className="text-right">
        <Button size="sm" variant="secondary" onClick={() => onAdjust(row.user.id)}>
          {t('admin.balances.adjust')}
        </Button>
      </TD>
    </TR>
  );
}
