import type { Shift } from '@app/shared';
import { Plus } from 'lucide-react';
import { generatePath, Link } from 'react-router';
import { Button } from '../../../components/ui/Button.tsx';
import { Card } from '../../../components/ui/Card.tsx';
import { paths } from '../../../config/paths.ts';
import { useT } from '../../../i18n/useT.ts';
import { Difference, Money, ZReportButton } from './ShiftBits.tsx';

/**
 * After the blind close (DESIGN.md section 22): per currency what was expected, what was counted
 * and the difference (red short, green over), the net difference in UZS, the Z-report, and
 * "Yangi smena".
 */
export function ShiftResult({ shift, onNew }: { shift: Shift; onNew: () => void }) {
  const t = useT();
  return (
    <section className="space-y-4" data-testid="shift-result">
      <h2 className="text-lg font-semibold text-slate-900">
        <Link to={generatePath(paths.shiftCard, { id: String(shift.id) })} className="hover:underline">
          {t('shifts.result.title', { number: shift.number })}
        </Link>
      </h2>
      {shift.amounts.map((a) => (
        <Card key={a.currency} className="p-4" data-testid={`result-${a.currency_code}`}>
          <h3 className="mb-2 text-base font-semibold text-slate-900">{a.currency_code}</h3>
          <dl className="space-y-1.5 text-sm">
            <Row label={t('shifts.amounts.expected')}>
              <Money value={a.expected} code={a.currency_code} />
            </Row>
            <Row label={t('shifts.amounts.counted')}>
              <Money value={a.counted} code={a.currency_code} />
            </Row>
            <Row label={t('shifts.amounts.difference')}>
              <Difference value={a.difference} code={a.currency_code} className="text-lg" />
            </Row>
          </dl>
        </Card>
      ))}
      <div
        className="flex flex-wrap items-baseline justify-between gap-3 rounded-xl bg-slate-900 p-4 text-white"
        data-testid="result-net"
      >
        <span className="text-sm text-slate-300">{t('shifts.result.netUzs')}</span>
        <Difference value={shift.difference_uzs} code="UZS" className="text-2xl" dark />
      </div>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <ZReportButton shift={shift} />
        <Button size="lg" icon={<Plus aria-hidden="true" className="h-5 w-5" />} onClick={onNew}>
          {t('shifts.result.new')}
        </Button>
      </div>
    </section>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-3">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-right text-slate-900">{children}</dd>
    </div>
  );
}
