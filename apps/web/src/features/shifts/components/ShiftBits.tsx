import { formatMoneyFixed, type Shift, type ShiftStatus } from '@app/shared';
import { FileDown } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../components/ui/Badge.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import type { MessageKey } from '../../../i18n/catalogue.ts';
import { useT } from '../../../i18n/useT.ts';
import { failureMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { downloadZReport } from '../api/shifts.ts';
import { differenceTone } from '../drawer-count.ts';

// The small pieces of the shift pages (DESIGN.md section 22): amounts, differences, the status
// and the Z-report's download.

export const SHIFT_STATUS_LABELS: Record<ShiftStatus, MessageKey> = {
  OPEN: 'shifts.status.open',
  CLOSED: 'shifts.status.closed',
};

export function ShiftStatusBadge({ status }: { status: ShiftStatus }) {
  const t = useT();
  return (
    <Badge tone={status === 'OPEN' ? 'amber' : 'gray'} className="whitespace-nowrap">
      {t(SHIFT_STATUS_LABELS[status])}
    </Badge>
  );
}

/** An amount with exactly 2 decimals and its currency (DESIGN.md section 16); a dash when none. */
export function Money({
  value,
  code,
  className,
}: {
  value: string | null;
  code: string;
  className?: string;
}) {
  if (value === null) return <span className="text-slate-400">—</span>;
  return (
    <span className={cn('whitespace-nowrap tabular-nums', className)}>
      {formatMoneyFixed(value)} <span className="text-xs font-normal text-slate-500">{code}</span>
    </span>
  );
}

const TONES = {
  light: { short: 'text-red-700', over: 'text-emerald-700', even: 'text-slate-700' },
  dark: { short: 'text-red-300', over: 'text-emerald-300', even: 'text-white' },
} as const;

/** A difference: red when the drawer is short, green when it is over (with a plus). */
export function Difference({
  value,
  code,
  className,
  dark = false,
}: {
  value: string | null;
  code: string;
  className?: string;
  /** On a dark surface. */
  dark?: boolean;
}) {
  const tone = differenceTone(value);
  if (value === null) return <Money value={null} code={code} />;
  return (
    <span
      data-tone={tone}
      className={cn(
        'font-semibold whitespace-nowrap tabular-nums',
        TONES[dark ? 'dark' : 'light'][tone],
        className,
      )}
    >
      {tone === 'over' ? '+' : ''}
      {formatMoneyFixed(value)} <span className="text-xs font-normal">{code}</span>
    </span>
  );
}

/** "Z-hisobot (PDF)": the shift's Z-report, downloaded with the session's token. */
export function ZReportButton({ shift }: { shift: Pick<Shift, 'id' | 'number'> }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="space-y-2">
      <Button
        variant="secondary"
        loading={busy}
        icon={<FileDown aria-hidden="true" className="h-4 w-4" />}
        onClick={() => {
          setBusy(true);
          setError(null);
          downloadZReport(shift)
            .catch((err: unknown) => setError(failureMessage(err, t('shifts.zReport.failed'))))
            .finally(() => setBusy(false));
        }}
      >
        {t('shifts.zReport.button')}
      </Button>
      {error ? <ErrorMessage>{error}</ErrorMessage> : null}
    </div>
  );
}
