import { FileDown } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { failureMessage } from '../../../lib/api-client.ts';
import type { FileFormat } from '../api/download-report.ts';

const FORMATS: readonly { format: FileFormat; label: string }[] = [
  { format: 'csv', label: 'CSV' },
  { format: 'xlsx', label: 'Excel' },
  { format: 'pdf', label: 'PDF' },
];

/**
 * The report's rows as a file (DESIGN.md section 11), with the filters on screen: every row, not
 * only the page shown. One download at a time.
 */
export function DownloadButtons({ onDownload }: { onDownload: (format: FileFormat) => Promise<void> }) {
  const [busy, setBusy] = useState<FileFormat | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function download(format: FileFormat) {
    setBusy(format);
    setError(null);
    try {
      await onDownload(format);
    } catch (err) {
      setError(failureMessage(err, "Yuklab bo'lmadi. Qayta urinib ko'ring."));
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <span aria-hidden="true" className="text-sm text-slate-500">
          Yuklab olish:
        </span>
        {FORMATS.map(({ format, label }) => (
          <Button
            key={format}
            size="sm"
            variant="secondary"
            aria-label={`Yuklab olish (${label})`}
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
