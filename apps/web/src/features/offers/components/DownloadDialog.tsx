import { FileSpreadsheet, FileText, Sheet } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { Modal } from '../../../components/ui/Modal.tsx';
import { useT } from '../../../i18n/useT.ts';
import { errorDetail } from '../../../lib/api-client.ts';
import { downloadOffers, type FileFormat } from '../api/download-offers.ts';
import type { OfferSide } from '../api/keys.ts';

const FORMATS: Array<{ format: FileFormat; label: string; icon: typeof FileText }> = [
  { format: 'pdf', label: 'PDF', icon: FileText },
  { format: 'xlsx', label: 'Excel', icon: FileSpreadsheet },
  { format: 'csv', label: 'CSV', icon: Sheet },
];

/**
 * The download dialog of the Income and Outcome pages (spec.md section 2): the listed offers as
 * PDF, Excel or CSV. The server makes the file (DESIGN.md section 15: the web app ships no
 * spreadsheet or PDF library); the dialog closes once it is saved.
 */
export function DownloadDialog({
  open,
  onClose,
  side,
  count,
}: {
  open: boolean;
  onClose: () => void;
  side: OfferSide;
  count: number;
}) {
  const t = useT();
  const [busy, setBusy] = useState<FileFormat | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function choose(format: FileFormat) {
    setBusy(format);
    setError(null);
    try {
      await downloadOffers(side, format);
      onClose();
    } catch (err) {
      // The server's refusal in its words; anything else (offline) in ours.
      setError(errorDetail(err) ?? t('offers.download.failed'));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('offers.list.download')}
      description={t('offers.download.count', { count })}
      size="sm"
    >
      <div className="grid gap-2">
        {FORMATS.map(({ format, label, icon: Icon }) => (
          <Button
            key={format}
            variant="secondary"
            className="justify-start"
            loading={busy === format}
            disabled={busy !== null}
            icon={<Icon aria-hidden="true" className="h-4 w-4" />}
            onClick={() => void choose(format)}
          >
            {label}
          </Button>
        ))}
        <ErrorMessage>{error}</ErrorMessage>
      </div>
    </Modal>
  );
}
