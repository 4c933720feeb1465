import { D, type Document } from '@app/shared';
import { CheckCircle2, Receipt, RotateCcw } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/Button.tsx';
import { Card } from '../../../components/ui/Card.tsx';
import { useT } from '../../../i18n/useT.ts';
import { receiptPath, SALE_KIND } from '../kinds.ts';
import { Money } from './DocumentBits.tsx';

/** A posted sale at the counter: its number and figures, "Chek" (the receipt page) and "Keyingi sotuv". */
export function CounterResult({ sale, onNext }: { sale: Document; onNext: () => void }) {
  const t = useT();
  const change = new D(sale.payment.change_uzs);
  const credit = new D(sale.payment.on_credit);
  return (
    <Card className="space-y-4 p-5 text-center" data-testid="counter-result" role="status">
      <CheckCircle2 aria-hidden="true" className="mx-auto h-12 w-12 text-emerald-600" />
      <div>
        <p className="text-lg font-semibold text-slate-900">
          {t('documents.counter.posted', { number: sale.number })}
        </p>
        <Link to={SALE_KIND.cardPath(sale.id)} className="text-sm text-brand-700 hover:underline">
          {t('documents.counter.openCard')}
        </Link>
      </div>
      <p className="text-3xl font-bold text-slate-900">
        <Money value={sale.total} code={sale.currency_code} className="tabular-nums" />
      </p>
      {change.gt(0) ? (
        <p className="text-base text-emerald-700">
          {t('documents.payment.change')}: <Money value={sale.payment.change_uzs} code="UZS" />
        </p>
      ) : null}
      {credit.gt(0) ? (
        <p className="text-base text-amber-700">
          {t('documents.payment.onCredit')}:{' '}
          <Money value={sale.payment.on_credit} code={sale.currency_code} />
        </p>
      ) : null}
      <div className="grid gap-2 sm:grid-cols-2">
        <Link to={receiptPath(sale.id)} className={buttonClasses('secondary', 'lg', 'gap-2')}>
          <Receipt aria-hidden="true" className="h-5 w-5" />
          {t('documents.action.receipt')}
        </Link>
        <Button size="lg" onClick={onNext} icon={<RotateCcw aria-hidden="true" className="h-5 w-5" />}>
          {t('documents.counter.next')}
        </Button>
      </div>
    </Card>
  );
}
