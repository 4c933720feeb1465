import type { Document } from '@app/shared';
import { Table, TBody, TD, TFoot, TH, THead, TR } from '../../../components/ui/Table.tsx';
import { useQuantityText } from '../../../i18n/unit-labels.ts';
import { useT } from '../../../i18n/useT.ts';
import type { DocumentKindConfig } from '../kinds.ts';
import { Money, PRICE_SOURCE_LABELS } from './DocumentBits.tsx';

/**
 * A document's lines: the variant, quantity with its unit, price (a sale's with where it came
 * from), discount and amount, the total under them. `lineErrors` are the server's messages by
 * line (`lines.2.qty`), each shown on its line.
 */
export function DocumentLinesTable({
  kind,
  doc,
  lineErrors = {},
}: {
  kind: DocumentKindConfig;
  doc: Document;
  lineErrors?: Record<number, string>;
}) {
  const t = useT();
  const quantity = useQuantityText();
  const hasDiscount = doc.lines.some((l) => Number(l.discount) !== 0);
  const columns = 4 + Number(hasDiscount);
  return (
    <Table caption={t('documents.card.linesCaption')}>
      <THead>
        <tr>
          <TH>{t('documents.line.variant')}</TH>
          <TH align="right">{t('documents.line.qty')}</TH>
          <TH align="right">{t(kind.words.price)}</TH>
          {hasDiscount ? <TH align="right">{t('documents.line.discount')}</TH> : null}
          <TH align="right">{t('documents.line.amount')}</TH>
        </tr>
      </THead>
      <TBody>
        {doc.lines.map((line, i) => (
          <TR key={line.id} data-testid="document-line">
            <TD>
              <span className="block max-w-56 font-medium break-words whitespace-normal text-slate-900 sm:max-w-md">
                {line.variant.label}
              </span>
              <span className="font-mono text-xs text-slate-500">{line.variant.sku}</span>
              {lineErrors[i] ? (
                <span
                  role="alert"
                  className="mt-1 block max-w-56 text-xs whitespace-normal text-red-700 sm:max-w-md"
                >
                  {lineErrors[i]}
                </span>
              ) : null}
            </TD>
            <TD numeric className="whitespace-nowrap">
              {quantity(line.qty, line.variant.unit)}
            </TD>
            <TD numeric>
              <Money value={line.price} code={doc.currency_code} />
              {kind.showsPriceSource ? (
                <span className="block text-xs text-slate-500" data-testid="price-source">
                  {line.price_type ? `${line.price_type.name} · ` : ''}
                  {t(PRICE_SOURCE_LABELS[line.price_source])}
                </span>
              ) : null}
            </TD>
            {hasDiscount ? (
              <TD numeric>
                <Money value={line.discount} code={doc.currency_code} />
              </TD>
            ) : null}
            <TD numeric className="font-semibold text-slate-900">
              <Money value={line.amount} code={doc.currency_code} />
            </TD>
          </TR>
        ))}
      </TBody>
      <TFoot>
        <tr>
          <TD colSpan={columns - 1}>
            {t('documents.common.total')}
            <span className="ml-2 font-semibold tabular-nums sm:hidden">
              <Money value={doc.total} code={doc.currency_code} />
            </span>
          </TD>
          <TD numeric className="font-semibold">
            <Money value={doc.total} code={doc.currency_code} />
          </TD>
        </tr>
      </TFoot>
    </Table>
  );
}
