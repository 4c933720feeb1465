import { D, type Document } from '@app/shared';
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
  const hasDiscount = doc.lines.some((l) => !new D(l.discount).isZero());
  const columns = 4 + Number(hasDiscount);
  return (
    <div>
      <PhoneLines kind={kind} doc={doc} lineErrors={lineErrors} />
      <Table caption={t('documents.card.linesCaption')} className="hidden sm:block">
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
            <LineRow
              key={line.id}
              kind={kind}
              doc={doc}
              index={i}
              hasDiscount={hasDiscount}
              error={lineErrors[i]}
            />
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
    </div>
  );
}

/** What posted returns took of a sale's or purchase's line, if anything (DESIGN.md section 20). */
function ReturnedNote({ line, className }: { line: Document['lines'][number]; className: string }) {
  const t = useT();
  const quantity = useQuantityText();
  if (line.returned === undefined || !new D(line.returned).gt(0)) return null;
  return (
    <span className={className} data-testid="line-returned">
      {t('documents.returnForm.returned', { qty: quantity(line.returned, line.variant.unit) })}
    </span>
  );
}

/** On a phone the lines are cards: nothing scrolls sideways (DESIGN.md section 16). */
function PhoneLines({
  kind,
  doc,
  lineErrors,
}: {
  kind: DocumentKindConfig;
  doc: Document;
  lineErrors: Record<number, string>;
}) {
  const t = useT();
  const quantity = useQuantityText();
  return (
    <ul className="space-y-2 sm:hidden" aria-label={t('documents.card.linesCaption')}>
      {doc.lines.map((line, i) => (
        <li key={line.id} className="rounded-xl border border-slate-200 bg-white p-3 text-sm shadow-xs">
          <p className="font-medium break-words text-slate-900">{line.variant.label}</p>
          <p className="font-mono text-xs text-slate-500">{line.variant.sku}</p>
          <div className="mt-1.5 flex items-end justify-between gap-3">
            <span className="text-slate-600">
              {quantity(line.qty, line.variant.unit)} × <Money value={line.price} code={doc.currency_code} />
              {kind.showsPriceSource ? (
                <span className="block text-xs text-slate-500">
                  {t(PRICE_SOURCE_LABELS[line.price_source])}
                </span>
              ) : null}
            </span>
            <Money
              value={line.amount}
              code={doc.currency_code}
              className="font-semibold whitespace-nowrap text-slate-900"
            />
          </div>
          <ReturnedNote line={line} className="mt-1 block text-xs text-slate-600" />
          {lineErrors[i] ? (
            <p role="alert" className="mt-1 text-xs text-red-700">
              {lineErrors[i]}
            </p>
          ) : null}
        </li>
      ))}
      <li className="flex justify-between rounded-xl bg-slate-100 p-3 font-semibold text-slate-900">
        {t('documents.common.total')}
        <Money value={doc.total} code={doc.currency_code} />
      </li>
    </ul>
  );
}

function LineRow({
  kind,
  doc,
  index,
  hasDiscount,
  error,
}: {
  kind: DocumentKindConfig;
  doc: Document;
  index: number;
  hasDiscount: boolean;
  error: string | undefined;
}) {
  const t = useT();
  const quantity = useQuantityText();
  const line = doc.lines[index];
  if (!line) return null;
  return (
    <TR data-testid="document-line">
      <TD>
        <span className="block max-w-56 font-medium break-words whitespace-normal text-slate-900 sm:max-w-md">
          {line.variant.label}
        </span>
        <span className="font-mono text-xs text-slate-500">{line.variant.sku}</span>
        {error ? (
          <span
            role="alert"
            className="mt-1 block max-w-56 text-xs whitespace-normal text-red-700 sm:max-w-md"
          >
            {error}
          </span>
        ) : null}
      </TD>
      <TD numeric className="whitespace-nowrap">
        {quantity(line.qty, line.variant.unit)}
        <ReturnedNote line={line} className="block text-xs whitespace-normal text-slate-500" />
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
  );
}
