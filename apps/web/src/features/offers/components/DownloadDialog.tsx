import type { Offer } from '@app/shared';
import { FileSpreadsheet, FileText, Sheet } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { Modal } from '../../../components/ui/Modal.tsx';
import { useT } from '../../../i18n/useT.ts';
import { downloadOffers, type ExportFormat } from '../export/offers-export.ts';

const FORMATS: Array<{ format: ExportFormat; label: string; icon: typeof FileText }> = [
  { format: 'pdf', label: 'PDF', icon: FileText },
  { format: 'excel', label: 'Excel', icon: FileSpreadsheet },
  { format: 'csv', label: 'CSV', icon: Sheet },
];

/** The download dialog of the Income and Outcome pages: the listed offers as PDF, Excel or CSV. */
export function DownloadDialog({
  open,
  onClose,
  offers,
  title,
}: {
  open: boolean;
  onClose: () => void;
  offers: readonly Offer[];
  title: string;
}) {
  const t = useT();
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function choose(format: ExportFormat) {
    setBusy(format);
    setError(null);
    try {
      await downloadOffers(format, offers, title, t);
      onClose();
    } catch (err) {
      console.error('offer export failed', err);
      setError(t('offers.download.failed'));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('offers.list.download')}
      description={t('offers.download.count', { count: offers.length })}
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
