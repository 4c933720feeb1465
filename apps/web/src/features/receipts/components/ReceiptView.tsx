import { D, formatMoneyFixed, type Receipt } from '@app/shared';
import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/Card.tsx';
import { useQuantityText } from '../../../i18n/unit-labels.ts';
import { useT } from '../../../i18n/useT.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { lineGross, paymentRows } from '../receipt-rows.ts';
import { QrCode } from './QrCode.tsx';

const money = (amount: string, currency: string) => `${formatMoneyFixed(amount)} ${currency}`;

function Row({ label, value, strong }: { label: ReactNode; value: ReactNode; strong?: boolean }) {
  return (
    <div
      className={
        strong ? 'flex items-baseline justify-between gap-3 font-semibold' : 'flex justify-between gap-3'
      }
    >
      <span className="min-w-0 break-words">{label}</span>
      <span className="shrink-0 text-right tabular-nums">{value}</span>
    </div>
  );
}

/**
 * A sale's receipt on a phone's screen (DESIGN.md section 19), laid out as the till's paper: the
 * business, the number, date and time, the seller, the lines, the total in large type, the payment
 * and a QR code of this page's address, `url`.
 */
export function ReceiptView({ receipt, url }: { receipt: Receipt; url: string }) {
  const t = useT();
  const quantity = useQuantityText();
  const sale = receipt.document;
  return (
    <Card className="receipt-paper mx-auto w-full max-w-sm p-4 font-mono text-sm text-slate-900">
      <div className="text-center">
        <p className="text-lg font-bold break-words">{receipt.business}</p>
        <h1 className="font-semibold">{t('receipts.page.title', { number: sale.number })}</h1>
        {sale.status !== 'POSTED' ? (
          <p className="mt-1 font-bold text-red-700 uppercase">
            {t(sale.status === 'DRAFT' ? 'receipts.status.draft' : 'receipts.status.reversed')}
          </p>
        ) : null}
      </div>
      <div className="mt-3 space-y-0.5">
        <Row label={t('receipts.field.date')} value={formatDateTime(sale.posted_at ?? sale.created_at)} />
        <Row label={t('receipts.field.seller')} value={receipt.seller} />
        {sale.counterparty ? (
          <Row label={t('receipts.field.customer')} value={sale.counterparty.name} />
        ) : null}
      </div>
      <hr className="my-3 border-dashed border-slate-400" />
      <ul className="space-y-2">
        {sale.lines.map((line) => (
          <li key={line.id}>
            <p className="break-words">
              {line.variant.sku}
              {line.variant.label && line.variant.label !== line.variant.sku
                ? ` · ${line.variant.label}`
                : ''}
            </p>
            <Row
              label={`${quantity(line.qty, line.variant.unit)} x ${formatMoneyFixed(line.price)}`}
              value={formatMoneyFixed(lineGross(line))}
            />
            {new D(line.discount).gt(0) ? (
              <Row label={t('receipts.line.discount')} value={`-${formatMoneyFixed(line.discount)}`} />
            ) : null}
          </li>
        ))}
      </ul>
      <hr className="my-3 border-dashed border-slate-400" />
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-2xl font-bold">
        <span>{t('receipts.total')}</span>
        <span className="ml-auto tabular-nums" data-testid="receipt-total">
          {money(sale.total, sale.currency_code)}
        </span>
      </div>
      <div className="mt-2 space-y-0.5">
        {paymentRows(sale).map((row) => (
          <Row
            key={`${row.key}-${row.currency}`}
            label={t(row.key, row.values?.date ? { date: formatDate(row.values.date) } : row.values)}
            value={money(row.amount, row.currency)}
          />
        ))}
      </div>
      <hr className="my-3 border-dashed border-slate-400" />
      <QrCode text={url} label={t('receipts.qr.label')} className="mx-auto block h-40 w-40" />
      <p className="mt-3 text-center">{t('receipts.thanks')}</p>
    </Card>
  );
}
