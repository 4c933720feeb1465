import { RECEIPT_WIDTHS, type ReceiptWidth } from '@app/shared';
import { ArrowLeft, FileDown, Printer } from 'lucide-react';
import { useState } from 'react';
import { generatePath, Link, useParams } from 'react-router';
import { Button } from '../../../components/ui/Button.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { LoadingText } from '../../../components/ui/Spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useT } from '../../../i18n/useT.ts';
import { failureMessage, isNotFound } from '../../../lib/api-client.ts';
import { pickId } from '../../../lib/url-params.ts';
import { downloadReceipt, useReceipt } from '../api/receipt.ts';
import { ReceiptView } from '../components/ReceiptView.tsx';

/** The PDFs for the till's roll, one download at a time, and the page printed as it is. */
function ReceiptActions({ id, number }: { id: number; number: string }) {
  const t = useT();
  const [busy, setBusy] = useState<ReceiptWidth | null>(null);
  const [error, setError] = useState<string | null>(null);
  async function download(width: ReceiptWidth) {
    setBusy(width);
    setError(null);
    try {
      await downloadReceipt(id, width, number);
    } catch (err) {
      setError(failureMessage(err, t('common.download.failed')));
    } finally {
      setBusy(null);
    }
  }
  return (
    <div className="mx-auto mt-4 max-w-sm space-y-2 print:hidden">
      <div className="flex flex-wrap justify-center gap-2">
        {RECEIPT_WIDTHS.map((width) => (
          <Button
            key={width}
            variant="secondary"
            loading={busy === width}
            disabled={busy !== null && busy !== width}
            onClick={() => void download(width)}
            icon={<FileDown aria-hidden="true" className="h-4 w-4" />}
          >
            {t('receipts.download.pdf', { width })}
          </Button>
        ))}
        <Button onClick={() => window.print()} icon={<Printer aria-hidden="true" className="h-4 w-4" />}>
          {t('receipts.print')}
        </Button>
      </div>
      {error ? <ErrorMessage>{error}</ErrorMessage> : null}
    </div>
  );
}

/**
 * /sales/:id/receipt (DESIGN.md section 19): a sale's receipt for a phone's screen, which the
 * buyer opens from the paper receipt's QR code or the seller shows, with its own QR code, the
 * till's PDFs and printing.
 */
export function ReceiptPage() {
  const t = useT();
  const id = pickId(useParams().id ?? null);
  const receipt = useReceipt(id);
  const back =
    id === undefined ? null : (
      <Link
        to={generatePath(paths.document.sale, { id: String(id) })}
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline print:hidden"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        {t('receipts.page.back')}
      </Link>
    );
  if (id === undefined || (receipt.isError && isNotFound(receipt.error)))
    return <ErrorMessage>{t('receipts.page.notFound')}</ErrorMessage>;
  if (receipt.isError)
    return <ErrorMessage>{failureMessage(receipt.error, t('receipts.page.failed'))}</ErrorMessage>;
  if (!receipt.data) return <LoadingText />;
  const url = `${window.location.origin}${generatePath(paths.document.receipt, { id: String(id) })}`;
  return (
    <div className="space-y-3">
      {back}
      <div className="receipt-print">
        <ReceiptView receipt={receipt.data} url={url} />
      </div>
      <ReceiptActions id={id} number={receipt.data.document.number} />
    </div>
  );
}
