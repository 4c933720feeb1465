import type { Import } from '@app/shared';
import { Button } from '../../../components/ui/Button.tsx';
import { Card } from '../../../components/ui/Card.tsx';
import { ErrorMessage, SuccessMessage } from '../../../components/ui/ErrorMessage.tsx';
import { useT } from '../../../i18n/useT.ts';
import { ImportPreview } from './ImportPreview.tsx';

interface StagedImportProps {
  answer: Import;
  /** A column's header in the reader's words. */
  header: (key: string) => string;
  committing: boolean;
  discarding: boolean;
  onCommit: () => void;
  onDiscard: () => void;
}

/**
 * A staged import (DESIGN.md section 17): its counts, every error of every row, the preview with
 * each error in its cell, and commit or discard while it is staged; the result once posted.
 */
export function StagedImport({
  answer,
  header,
  committing,
  discarding,
  onCommit,
  onDiscard,
}: StagedImportProps) {
  const t = useT();
  return (
    <Card className="space-y-4 p-5">
      <p className="font-medium text-slate-900" data-testid="import-summary">
        {t('admin.import.summary', {
          rows: answer.rows,
          valid: answer.valid,
          errors: answer.errors.length,
        })}
      </p>
      {answer.status === 'POSTED' && answer.result ? (
        <SuccessMessage>
          {t('admin.import.posted', {
            id: answer.id,
            created: answer.result.created,
            updated: answer.result.updated,
          })}
        </SuccessMessage>
      ) : null}
      {answer.errors.length > 0 ? (
        <div>
          <ErrorMessage>{t('admin.import.fixAndRetry')}</ErrorMessage>
          <ul
            className="mt-2 max-h-60 list-disc space-y-1 overflow-y-auto pl-5 text-sm text-red-700"
            aria-label={t('admin.import.errorsTitle')}
          >
            {answer.errors.map((e) => (
              <li key={`${e.row}-${e.column}-${e.message}`}>
                {t('admin.import.errorLine', {
                  row: e.row,
                  column: header(e.column),
                  message: e.message,
                })}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <ImportPreview answer={answer} header={header} />
      {answer.status === 'STAGED' ? (
        <div className="flex flex-wrap gap-3">
          <Button loading={committing} disabled={answer.errors.length > 0} onClick={onCommit}>
            {committing ? t('admin.import.committing') : t('admin.import.commit')}
          </Button>
          <Button variant="secondary" loading={discarding} onClick={onDiscard}>
            {t('admin.import.discard')}
          </Button>
        </div>
      ) : null}
    </Card>
  );
}
