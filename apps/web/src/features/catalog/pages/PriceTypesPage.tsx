import { canWriteCatalog, type PriceType } from '@app/shared';
import { Plus, Star } from 'lucide-react';
import { useState } from 'react';
import { useCurrencies } from '../../../api/currencies.ts';
import { usePriceTypes } from '../../../api/price-types.ts';
import { EditDeleteButtons } from '../../../components/EditDeleteButtons.tsx';
import { Badge } from '../../../components/ui/Badge.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { LoadingText } from '../../../components/ui/Spinner.tsx';
import { Table, TableMessageRow, TBody, TD, TH, THead, TR } from '../../../components/ui/Table.tsx';
import { useT } from '../../../i18n/useT.ts';
import { failureMessage } from '../../../lib/api-client.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { useSavePriceType } from '../api/prices.ts';
import { PriceTypeDialog } from '../components/PriceTypeDialog.tsx';

/**
 * /catalog/price-types (DESIGN.md section 19): the business's price lists, each in one currency,
 * the default marked. Every role reads them (as the server lets); the catalogue's writing roles
 * (CATALOG_WRITE_ROLES, the server's guard) add them, rename them, change their currency and make
 * one the default.
 */
export function PriceTypesPage() {
  const t = useT();
  const types = usePriceTypes();
  const currencies = useCurrencies();
  const canWrite = canWriteCatalog(useCurrentUser().data?.role);
  const [editing, setEditing] = useState<{ type?: PriceType } | null>(null);
  const makeDefault = useSavePriceType();

  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 max-w-2xl">
          <h2 className="text-lg font-semibold text-slate-900">{t('catalog.priceTypes.title')}</h2>
          <p className="mt-1 text-sm text-slate-500">{t('catalog.priceTypes.description')}</p>
        </div>
        {canWrite ? (
          <Button onClick={() => setEditing({})} icon={<Plus aria-hidden="true" className="h-4 w-4" />}>
            {t('catalog.priceTypes.add')}
          </Button>
        ) : null}
      </div>
      {makeDefault.isError ? (
        <ErrorMessage>{failureMessage(makeDefault.error, t('catalog.form.saveFailed'))}</ErrorMessage>
      ) : null}
      {types.isError ? (
        <ErrorMessage>{t('catalog.priceTypes.loadError')}</ErrorMessage>
      ) : types.isPending ? (
        <LoadingText />
      ) : (
        <PriceTypesTable
          types={types.data}
          canWrite={canWrite}
          onEdit={(type) => setEditing({ type })}
          onMakeDefault={(type) => makeDefault.mutate({ id: type.id, body: { is_default: true } })}
          makingDefault={makeDefault.isPending ? makeDefault.variables?.id : undefined}
        />
      )}
      {editing !== null && currencies.data && types.data ? (
        <PriceTypeDialog
          type={editing.type}
          currencies={currencies.data}
          count={types.data.length}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </section>
  );
}

/** The price types, the default first (the server's order), and the writers' actions on each. */
function PriceTypesTable({
  types,
  canWrite,
  onEdit,
  onMakeDefault,
  makingDefault,
}: {
  types: PriceType[];
  canWrite: boolean;
  onEdit: (type: PriceType) => void;
  onMakeDefault: (type: PriceType) => void;
  /** The price type being made the default, while that runs. */
  makingDefault: number | undefined;
}) {
  const t = useT();
  return (
    <Table caption={t('catalog.priceTypes.title')}>
      <THead>
        <tr>
          <TH>#</TH>
          <TH>{t('catalog.field.name')}</TH>
          <TH className="hidden sm:table-cell">{t('catalog.priceTypes.currency')}</TH>
          {canWrite ? <TH align="right">{t('catalog.field.actions')}</TH> : null}
        </tr>
      </THead>
      <TBody>
        {types.length === 0 ? (
          <TableMessageRow colSpan={canWrite ? 4 : 3}>{t('catalog.priceTypes.empty')}</TableMessageRow>
        ) : null}
        {types.map((type, i) => (
          <TR key={type.id} data-testid="price-type-row">
            <TD className="text-slate-500">{i + 1}</TD>
            <TD>
              {/* On a phone the name wraps and carries the currency, so the actions stay in view. */}
              <span className="flex w-40 flex-wrap items-center gap-x-2 gap-y-1 whitespace-normal sm:w-auto">
                <span className="font-medium break-words text-slate-900">{type.name}</span>
                <span className="font-mono text-xs text-slate-500 sm:hidden">{type.currency_code}</span>
                {type.is_default ? <Badge tone="emerald">{t('catalog.priceTypes.default')}</Badge> : null}
              </span>
            </TD>
            <TD className="hidden font-mono sm:table-cell">{type.currency_code}</TD>
            {canWrite ? (
              <TD align="right">
                <div className="flex items-center justify-end gap-1">
                  {type.is_default ? null : (
                    <Button
                      variant="ghost"
                      size="sm"
                      icon={<Star aria-hidden="true" className="h-4 w-4" />}
                      aria-label={t('catalog.priceTypes.makeDefaultItem', { name: type.name })}
                      loading={makingDefault === type.id}
                      onClick={() => onMakeDefault(type)}
                    >
                      <span className="hidden sm:inline">{t('catalog.priceTypes.makeDefault')}</span>
                    </Button>
                  )}
                  <EditDeleteButtons
                    edit={{
                      label: t('catalog.actions.editItem', { name: type.name }),
                      onClick: () => onEdit(type),
                    }}
                  />
                </div>
              </TD>
            ) : null}
          </TR>
        ))}
      </TBody>
    </Table>
  );
}
