import { Clock } from 'lucide-react';
import { useT } from '../i18n/useT.ts';
import { formatDateTime } from '../lib/format.ts';

/**
 * DESIGN.md section 24 "Reports from a replica": a report or History read from a replica behind
 * by more than a few seconds says as of when its figures are (the answer's `data_as_of`).
 * Renders nothing when the figures are current.
 */
export function DataAsOfNotice({ asOf }: { asOf: string | null | undefined }) {
  const t = useT();
  if (!asOf) return null;
  return (
    <p
      role="status"
      data-testid="data-as-of"
      className="flex items-center gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
    >
      <Clock aria-hidden="true" className="h-4 w-4 shrink-0" />
      {t('common.dataAsOf', { time: formatDateTime(asOf) })}
    </p>
  );
}
