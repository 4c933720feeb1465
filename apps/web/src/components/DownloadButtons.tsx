import type { ReportFormat } from '@app/shared';
import { FileDown } from 'lucide-react';
import { useState } from 'react';
import { useT } from '../i18n/useT.ts';
import { failureMessage } from '../lib/api-client.ts';
import { Button } from './ui/Button.tsx';
import { ErrorMessage } from './ui/ErrorMessage.tsx';

/** The file formats every report answers (DESIGN.md section 11). */
export type FileFormat = Exclude<ReportFormat, 'json'>;

const FORMATS: readonly { format: FileFormat; label: string }[] = [
  { format: 'csv', label: 'CSV' },
  { format: 'xlsx', label: 'Excel' },
  { format: 'pdf', label: 'PDF' },
];

/**
 * A report's rows as a file, with the filters on screen: every row, not only the page shown. One
 * download at a time. The same buttons and names as the reports feature's, for the features that
 * may not import it (STYLE.md: features never import each other).
 */
export function DownloadButtons({ onDownload }: { onDownload: (format: FileFormat) => Promise<void> }) {
  const t = useT();
  const [busy, setBusy] = useState<FileFormat | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function download(format: FileFormat) {
    setBusy(format);
    setError(null);
    try {
      await onDownload(format);
    } catch (err) {
      setError(failureMessage(err, t('common.download.failed')));
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <span aria-hidden="true" className="text-sm text-slate-500">
          {t('common.download.label')}
        </span>
        {FORMATS.map(({ format, label }) => (
          <Button
            key={format}
            size="sm"
            variant="secondary"
            aria-label={t('common.download.button', { format: label })}
            loading={busy === format}
            disabled={busy !== null && busy !== format}
            onClick={() => void download(format)}
            icon={<FileDown aria-hidden="true" className="h-4 w-4" />}
          >
            {label}
          </Button>
        ))}
      </div>
      {error ? <ErrorMessage>{error}</ErrorMessage> : null}
    </div>
  );
}
