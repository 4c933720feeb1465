import type { Document, ReturnRefund } from '@app/shared';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/Card.tsx';
import type { MessageKey } from '../../../i18n/catalogue.ts';
import { useT } from '../../../i18n/useT.ts';
import { formatDate } from '../../../lib/format.ts';
import { DOCUMENT_KIND_CONFIGS, RETURN_KIND } from '../kinds.ts';
import { DocumentStatusBadge, Money } from './DocumentBits.tsx';

// What a card shows of returns (DESIGN.md section 20): a return's source and refund, and a sale's
// or purchase's returns.

export const REFUND_LABELS: Record<ReturnRefund, MessageKey> = {
  CASH: 'documents.refund.cash',
  DEBT: 'documents.refund.debt',
};

/** The sale or purchase a return is of, linked to its card. */
export function SourceLink({ source }: { source: NonNullable<Document['source']> }) {
  return (
    <Link
      to={DOCUMENT_KIND_CONFIGS[source.kind].cardPath(source.id)}
      className="font-mono font-medium text-brand-700 hover:underline"
      data-testid="return-source"
    >
      {source.number}
    </Link>
  );
}

/** A return's money: how it is refunded (cash, or the source's debt lowered) and how much; its source is in the header. */
export function RefundSummary({ doc }: { doc: Document }) {
  const t = useT();
  return (
    <Card className="space-y-2 self-start p-4 text-sm" data-testid="return-refund">
      <h2 className="text-base font-semibold text-slate-900">{t('documents.refund.title')}</h2>
      <dl className="space-y-1.5">
        <div className="flex items-start justify-between gap-3">
          <dt className="text-slate-600">{doc.refund ? t(REFUND_LABELS[doc.refund]) : ''}</dt>
          <dd className="text-right font-medium text-slate-900">
            <Money value={doc.total} code={doc.currency_code} />
          </dd>
        </div>
      </dl>
    </Card>
  );
}

/** A sale's or purchase's returns, oldest first: number (to its card), date, state, amount. */
export function SourceReturns({ doc }: { doc: Document }) {
  const t = useT();
  const returns = doc.returns ?? [];
  if (returns.length === 0) return null;
  return (
    <Card className="space-y-2 p-4 text-sm" data-testid="source-returns">
      <h2 className="text-base font-semibold text-slate-900">{t('documents.return.title')}</h2>
      <ul className="divide-y divide-slate-100">
        {returns.map((r) => (
          <li
            key={r.id}
            className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2"
            data-testid="source-return"
          >
            <span className="flex flex-wrap items-center gap-2">
              <Link
                to={RETURN_KIND.cardPath(r.id)}
                className="font-mono font-medium text-brand-700 hover:underline"
              >
                {r.number}
              </Link>
              <span className="text-slate-600">{formatDate(r.date)}</span>
              <DocumentStatusBadge status={r.status} />
            </span>
            <span className="flex items-center gap-2">
              {r.refund ? <span className="text-xs text-slate-500">{t(REFUND_LABELS[r.refund])}</span> : null}
              <Money value={r.total} code={doc.currency_code} className="font-semibold whitespace-nowrap" />
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
