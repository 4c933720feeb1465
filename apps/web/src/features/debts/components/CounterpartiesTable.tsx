import type { Counterparty } from '@app/shared';
import { EditDeleteButtons } from '../../../components/EditDeleteButtons.tsx';
import { LoadingText } from '../../../components/ui/Spinner.tsx';
import { Table, TableMessageRow, TBody, TD, TH, THead, TR } from '../../../components/ui/Table.tsx';
import { useT } from '../../../i18n/useT.ts';
import { cn } from '../../../lib/cn.ts';
import { DIRECTION_LABELS } from '../debt-rules.ts';
import { CounterpartyLink } from './CounterpartyLink.tsx';
import { KindBadge, OverdueBadge } from './DebtBadges.tsx';
import { OpenAmounts } from './OpenAmounts.tsx';

const COLUMNS = 7;

interface RowActions {
  /** Administrators only (DESIGN.md section 12). */
  admin: boolean;
  onEdit: (c: Counterparty) => void;
  onDelete: (c: Counterparty) => void;
}

/** The counterparties list's table (DESIGN.md section 12): one row each, or why there is none. */
export function CounterpartiesTable({
  rows,
  pending,
  placeholder,
  filtered,
  ...actions
}: RowActions & {
  rows: Counterparty[];
  pending: boolean;
  /** The previous page still shows while the next one loads. */
  placeholder: boolean;
  filtered: boolean;
}) {
  const t = useT();
  return (
    <Table
      caption={t('debts.counterparties.title')}
      className={cn('[&_td]:px-3 [&_th]:px-3', placeholder && 'opacity-60 transition-opacity')}
    >
      <THead>
        <tr>
          <TH>{t('debts.common.name')}</TH>
          <TH>{t('debts.common.kind')}</TH>
          <TH>{t('debts.common.phone')}</TH>
          <TH>{t('debts.common.tin')}</TH>
          <TH align="right" title={t('debts.common.theyOweUs')}>
            {t(DIRECTION_LABELS.RECEIVABLE)}
          </TH>
          <TH align="right" title={t('debts.common.weOweThem')}>
            {t(DIRECTION_LABELS.PAYABLE)}
          </TH>
          {/* No visually hidden text here: at the row's far end it would widen the page. */}
          <TH aria-label={t('debts.common.actions')} />
        </tr>
      </THead>
      <TBody>
        {pending ? (
          <TableMessageRow colSpan={COLUMNS}>
            <LoadingText className="justify-center">{t('debts.common.loading')}</LoadingText>
          </TableMessageRow>
        ) : rows.length === 0 ? (
          <TableMessageRow colSpan={COLUMNS}>
            {filtered ? t('debts.counterparties.emptyFiltered') : t('debts.counterparties.emptyNone')}
          </TableMessageRow>
        ) : (
          rows.map((c) => <CounterpartyRow key={c.id} c={c} {...actions} />)
        )}
      </TBody>
    </Table>
  );
}

function CounterpartyRow({ c, ...actions }: RowActions & { c: Counterparty }) {
  return (
    <TR data-testid="counterparty-row">
      <TD>
        <CounterpartyLink id={c.id} name={c.name} wide />
        <OverdueBadge count={c.overdue} />
        {/* On a phone the open amounts come under the name, before the table scrolls. */}
        <span className="mt-1 flex w-44 flex-col gap-0.5 text-xs whitespace-normal sm:hidden">
          <OpenAmounts open={c.open} side="receivable" inline />
          <OpenAmounts open={c.open} side="payable" inline />
        </span>
      </TD>
      <TD>
        <KindBadge kind={c.kind} />
      </TD>
      <TD className="tabular-nums">{c.phone || '—'}</TD>
      <TD className="tabular-nums">{c.tin ?? '—'}</TD>
      <TD numeric>
        <OpenAmounts open={c.open} side="receivable" />
      </TD>
      <TD numeric>
        <OpenAmounts open={c.open} side="payable" />
      </TD>
      <TD className="text-right">
        <RowButtons c={c} {...actions} />
      </TD>
    </TR>
  );
}

function RowButtons({ c, admin, onEdit, onDelete }: RowActions & { c: Counterparty }) {
  const t = useT();
  return (
    <span className="inline-flex gap-1">
      <EditDeleteButtons
        edit={{
          label: t('debts.counterparties.editAria', { name: c.name }),
          title: t('debts.common.edit'),
          onClick: () => onEdit(c),
        }}
        remove={
          admin
            ? {
                label: t('debts.counterparties.deleteAria', { name: c.name }),
                title: t('debts.common.delete'),
                onClick: () => onDelete(c),
              }
            : undefined
        }
        deleteClassName="text-red-700 hover:bg-red-50"
      />
    </span>
  );
}
