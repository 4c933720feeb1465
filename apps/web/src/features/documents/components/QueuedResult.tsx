import { Clock, RotateCcw } from 'lucide-react';
import { Button } from '../../../components/ui/Button.tsx';
import { Card } from '../../../components/ui/Card.tsx';
import { useT } from '../../../i18n/useT.ts';
import type { QueuedView } from '../lib/use-counter.ts';
import { Money } from './DocumentBits.tsx';

/** A sale queued without a connection (DESIGN.md section 23): its total, and "Keyingi sotuv". */
export function QueuedResult({ sale, onNext }: { sale: QueuedView; onNext: () => void }) {
  const t = useT();
  return (
    <Card className="space-y-4 p-5 text-center" data-testid="counter-queued" role="status">
      <Clock aria-hidden="true" className="mx-auto h-12 w-12 text-amber-600" />
      <div>
        <p className="text-lg font-semibold text-slate-900">{t('documents.offline.queuedTitle')}</p>
        <p className="text-sm text-slate-600">{t('documents.offline.queuedHint')}</p>
      </div>
      <p className="text-3xl font-bold text-slate-900">
        <Money value={sale.total} code={sale.code} className="tabular-nums" />
      </p>
      <Button
        size="lg"
        className="w-full"
        onClick={onNext}
        icon={<RotateCcw aria-hidden="true" className="h-5 w-5" />}
      >
        {t('documents.counter.next')}
      </Button>
    </Card>
  );
}
