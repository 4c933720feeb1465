import { D, type Document } from '@app/shared';
import { generatePath, Link } from 'react-router';
import { Card } from '../../../components/ui/Card.tsx';
import { paths } from '../../../config/paths.ts';
import { useT } from '../../../i18n/useT.ts';
import { formatDate } from '../../../lib/format.ts';
import { Money } from './DocumentBits.tsx';

/**
 * A document's payment: the cash per currency, what went on credit (with its due date and a link
 * to the counterparty's card, where the debt is), and the change given back in UZS.
 */
export function PaymentSummary({ doc }: { doc: Document }) {
  const t = useT();
  const { payment } = doc;
  const credit = new D(payment.on_credit);
  const change = new D(payment.change_uzs);
  const cashLabel = doc.kind === 'SALE' ? 'documents.payment.cashIn' : 'documents.payment.cashOut';
  return (
    <Card className="space-y-2 self-start p-4 text-sm" data-testid="document-payment">
      <h2 className="text-base font-semibold text-slate-900">{t('documents.payment.title')}</h2>
      <dl className="space-y-1.5">
        {payment.cash.length === 0 && credit.isZero() ? (
          <p className="text-slate-500">{t('documents.payment.none')}</p>
        ) : null}
        {payment.cash.map((part) => (
          <Row key={part.currency} label={t(cashLabel, { currency: part.currency_code })}>
            <Money value={part.amount} code={part.currency_code} />
          </Row>
        ))}
        {credit.gt(0) ? (
          <Row label={t('documents.payment.onCredit')}>
            <Money value={payment.on_credit} code={doc.currency_code} />
            {payment.due_date ? (
              <span className="block text-xs text-slate-500">
                {t('documents.payment.dueOn', { date: formatDate(payment.due_date) })}
              </span>
            ) : null}
          </Row>
        ) : null}
        {change.gt(0) ? (
          <Row label={t('documents.payment.change')}>
            <Money value={payment.change_uzs} code="UZS" />
          </Row>
        ) : null}
      </dl>
      {doc.debt !== null && doc.counterparty ? (
        <Link
          to={generatePath(paths.counterparty, { id: String(doc.counterparty.id) })}
          className="inline-block font-medium text-brand-700 hover:underline"
          data-testid="debt-link"
        >
          {t('documents.payment.debtLink', { id: doc.debt })}
        </Link>
      ) : null}
    </Card>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-3">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-right font-medium text-slate-900">{children}</dd>
    </div>
  );
}
