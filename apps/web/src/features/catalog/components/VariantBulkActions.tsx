import { Barcode, Printer } from 'lucide-react';
import { useState } from 'react';
import { LabelsDialog } from '../../../components/LabelsDialog.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { ErrorMessage, SuccessMessage } from '../../../components/ui/ErrorMessage.tsx';
import { useT } from '../../../i18n/useT.ts';
import { failureMessage } from '../../../lib/api-client.ts';
import { useGenerateBarcodes } from '../api/barcodes.ts';

/**
 * What the chosen variants can have done at once (DESIGN.md section 18): labels to print (every
 * role), and in-store barcodes for those without one (the roles that write the catalogue).
 */
export function VariantBulkActions({
  variants,
  canWrite,
  onClear,
}: {
  variants: readonly number[];
  canWrite: boolean;
  onClear: () => void;
}) {
  const t = useT();
  const generate = useGenerateBarcodes();
  const [labels, setLabels] = useState(false);
  const [done, setDone] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  function generateAll() {
    setDone(null);
    setError(null);
    generate.mutate([...variants], {
      onSuccess: (result) => setDone(result.generated),
      onError: (err) => setError(failureMessage(err, t('catalog.barcodes.generateError'))),
    });
  }

  if (variants.length === 0 && done === null && error === null) return null;
  return (
    <div className="space-y-2" data-testid="variant-bulk-actions">
      {variants.length > 0 ? (
        <div className="flex flex-wrap items-center gap-2 rounded-lg border border-brand-200 bg-brand-50 px-3 py-2">
          <span className="text-sm font-medium text-slate-800">
            {t('catalog.barcodes.selected', { count: variants.length })}
          </span>
          {canWrite ? (
            <Button
              size="sm"
              variant="secondary"
              loading={generate.isPending}
              onClick={generateAll}
              icon={<Barcode aria-hidden="true" className="h-4 w-4" />}
            >
              {t('catalog.barcodes.generateMany')}
            </Button>
          ) : null}
          <Button
            size="sm"
            variant="secondary"
            onClick={() => setLabels(true)}
            icon={<Printer aria-hidden="true" className="h-4 w-4" />}
          >
            {t('common.labels.print')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              setDone(null);
              setError(null);
              onClear();
            }}
          >
            {t('catalog.barcodes.clearSelection')}
          </Button>
        </div>
      ) : null}
      {done !== null ? (
        <SuccessMessage>{t('catalog.barcodes.generated', { count: done })}</SuccessMessage>
      ) : null}
      <ErrorMessage>{error}</ErrorMessage>
      {labels ? <LabelsDialog variants={variants} open onClose={() => setLabels(false)} /> : null}
    </div>
  );
}
