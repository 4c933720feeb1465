import type { Import } from '@app/shared';
import { Table, TBody, TD, TH, THead, TR } from '../../../components/ui/Table.tsx';
import type { MessageKey } from '../../../i18n/catalogue.ts';
import { useT } from '../../../i18n/useT.ts';
import { cn } from '../../../lib/cn.ts';

const ACTIONS: Record<string, MessageKey> = {
  create: 'admin.import.action.create',
  update: 'admin.import.action.update',
};

/**
 * The first rows of a staged import as they will be posted (DESIGN.md section 17), each error
 * marked in its own cell with its words beside the value.
 */
export function ImportPreview({ answer, header }: { answer: Import; header: (key: string) => string }) {
  const t = useT();
  const errorsAt = new Map<string, string[]>();
  for (const e of answer.errors) {
    const at = `${e.row}:${e.column}`;
    errorsAt.set(at, [...(errorsAt.get(at) ?? []), e.message]);
  }
  return (
    <div className="space-y-2">
      <h2 className="text-sm font-semibold text-slate-700">
        {t('admin.import.previewTitle', { count: answer.preview.length })}
      </h2>
      <Table caption={t('admin.import.previewTitle', { count: answer.preview.length })}>
        <THead>
          <TR>
            <TH>{t('admin.import.rowColumn')}</TH>
            {answer.columns.map((key) => (
              <TH key={key}>{header(key)}</TH>
            ))}
            <TH>{t('admin.import.actionColumn')}</TH>
          </TR>
        </THead>
        <TBody>
          {answer.preview.map((row) => (
            <TR key={row.row}>
              <TD>{row.row}</TD>
              {answer.columns.map((key) => {
                const errors = errorsAt.get(`${row.row}:${key}`);
                return (
                  <TD
                    key={key}
                    aria-invalid={errors ? true : undefined}
                    data-column={key}
                    className={cn(errors && 'bg-red-50 text-red-800 ring-1 ring-red-300 ring-inset')}
                  >
                    {row[key]}
                    {errors ? (
                      <span className="block min-w-48 whitespace-normal text-xs text-red-700">
                        {errors.join(' ')}
                      </span>
                    ) : null}
                  </TD>
                );
              })}
              <TD>{ACTIONS[row.action ?? ''] ? t(ACTIONS[row.action ?? ''] as MessageKey) : ''}</TD>
            </TR>
          ))}
        </TBody>
      </Table>
    </div>
  );
}
