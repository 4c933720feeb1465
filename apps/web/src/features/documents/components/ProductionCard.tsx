import { D, type Document } from '@app/shared';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/Card.tsx';
import { Table, TBody, TD, TH, THead, TR } from '../../../components/ui/Table.tsx';
import { useQuantityText } from '../../../i18n/unit-labels.ts';
import { useT } from '../../../i18n/useT.ts';
import { recipePath } from '../lib/production.ts';
import { Money } from './DocumentBits.tsx';

type Line = Document['lines'][number];

/** More used than the recipe planned: the waste a card highlights (DESIGN.md section 21). */
export function isWaste(line: Pick<Line, 'qty' | 'planned_qty'>): boolean {
  return line.planned_qty != null && new D(line.qty).gt(line.planned_qty);
}

/**
 * A production order's card body (DESIGN.md section 21): the output with its unit cost and the
 * order's cost, the recipe and version it was made by, the overhead; then the inputs, each with
 * the recipe's quantity beside the one used (waste highlighted) and, once posted, its consumed cost.
 * `lineErrors` are the server's by line (`lines.2.qty`: a short input when posting).
 */
export function ProductionCard({ doc, lineErrors }: { doc: Document; lineErrors: Record<number, string> }) {
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
      {/* The output first on a phone; beside the inputs, on the right, on a wide screen. */}
      <div className="lg:order-2">
        <ProductionOutput doc={doc} />
      </div>
      <div className="min-w-0 lg:order-1">
        <PhoneInputs doc={doc} lineErrors={lineErrors} />
        <ProductionInputs doc={doc} lineErrors={lineErrors} />
      </div>
    </div>
  );
}

function ProductionOutput({ doc }: { doc: Document }) {
  const t = useT();
  const quantity = useQuantityText();
  const output = doc.lines.find((l) => l.output);
  const posted = doc.status !== 'DRAFT';
  const rows: Array<[string, React.ReactNode, string]> = [];
  if (output) {
    rows.push([t('documents.production.qty'), quantity(output.qty, output.variant.unit), 'output-qty']);
    if (posted) {
      rows.push([
        t('documents.production.unitCost'),
        <Money key="u" value={output.price} code={doc.currency_code} />,
        'output-unit-cost',
      ]);
    }
  }
  if (posted && doc.overhead !== undefined) {
    rows.push([
      t('documents.production.overhead'),
      <Money key="o" value={doc.overhead} code={doc.currency_code} />,
      'overhead',
    ]);
  }
  if (doc.recipe) {
    rows.push([
      t('documents.production.recipe'),
      <Link key="r" to={recipePath(doc.recipe)} className="font-medium text-brand-700 hover:underline">
        {t('documents.production.version', { version: String(doc.recipe.version) })}
      </Link>,
      'recipe',
    ]);
  }
  return (
    <Card className="space-y-3 p-4" data-testid="production-output">
      <div>
        <p className="text-xs text-slate-500">{t('documents.production.output')}</p>
        <p className="font-medium break-words text-slate-900">{output?.variant.label}</p>
        <p className="font-mono text-xs text-slate-500">{output?.variant.sku}</p>
      </div>
      <dl className="space-y-1.5 text-sm">
        {rows.map(([label, value, id]) => (
          <div key={id} className="flex justify-between gap-3" data-testid={id}>
            <dt className="text-slate-500">{label}</dt>
            <dd className="text-right text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {posted ? (
        <div
          className="flex justify-between gap-3 border-t border-slate-200 pt-2 font-semibold text-slate-900"
          data-testid="production-total"
        >
          {t('documents.common.total')}
          <Money value={doc.total} code={doc.currency_code} />
        </div>
      ) : (
        <p className="text-xs text-slate-500">{t('documents.production.costOnPosting')}</p>
      )}
    </Card>
  );
}

function ProductionInputs({ doc, lineErrors }: { doc: Document; lineErrors: Record<number, string> }) {
  const t = useT();
  const posted = doc.status !== 'DRAFT';
  return (
    <Table caption={t('documents.production.inputs')} className="hidden sm:block">
      <THead>
        <tr>
          <TH>{t('documents.production.input')}</TH>
          <TH align="right">{t('documents.production.planned')}</TH>
          <TH align="right">{t('documents.production.used')}</TH>
          {posted ? <TH align="right">{t('documents.production.consumed')}</TH> : null}
        </tr>
      </THead>
      <TBody>
        {doc.lines.map((line, i) =>
          line.output ? null : (
            <InputRow key={line.id} line={line} doc={doc} posted={posted} error={lineErrors[i]} />
          ),
        )}
      </TBody>
    </Table>
  );
}

/** On a phone the inputs are cards: nothing scrolls sideways (DESIGN.md section 16). */
function PhoneInputs({ doc, lineErrors }: { doc: Document; lineErrors: Record<number, string> }) {
  const t = useT();
  const quantity = useQuantityText();
  return (
    <ul className="space-y-2 sm:hidden" aria-label={t('documents.production.inputs')}>
      {doc.lines.map((line, i) =>
        line.output ? null : (
          <li key={line.id} className="rounded-xl border border-slate-200 bg-white p-3 text-sm shadow-xs">
            <p className="font-medium break-words text-slate-900">{line.variant.label}</p>
            <p className="font-mono text-xs text-slate-500">{line.variant.sku}</p>
            <dl className="mt-1.5 grid grid-cols-3 gap-2 text-xs">
              <div>
                <dt className="text-slate-500">{t('documents.production.planned')}</dt>
                <dd>{line.planned_qty != null ? quantity(line.planned_qty, line.variant.unit) : '—'}</dd>
              </div>
              <div>
                <dt className="text-slate-500">{t('documents.production.used')}</dt>
                <dd className={isWaste(line) ? 'font-semibold text-amber-700' : undefined}>
                  {quantity(line.qty, line.variant.unit)}
                </dd>
              </div>
              {doc.status !== 'DRAFT' ? (
                <div className="text-right">
                  <dt className="text-slate-500">{t('documents.production.consumed')}</dt>
                  <dd>
                    <Money value={line.amount} code={doc.currency_code} />
                  </dd>
                </div>
              ) : null}
            </dl>
            {lineErrors[i] ? (
              <p role="alert" className="mt-1 text-xs text-red-700">
                {lineErrors[i]}
              </p>
            ) : null}
          </li>
        ),
      )}
    </ul>
  );
}

function InputRow({
  line,
  doc,
  posted,
  error,
}: {
  line: Line;
  doc: Document;
  posted: boolean;
  error: string | undefined;
}) {
  const t = useT();
  const quantity = useQuantityText();
  const waste = isWaste(line);
  return (
    <TR data-testid="production-input" data-waste={waste ? 'true' : undefined}>
      <TD>
        <span className="block max-w-56 font-medium break-words whitespace-normal text-slate-900 sm:max-w-md">
          {line.variant.label}
        </span>
        <span className="font-mono text-xs text-slate-500">{line.variant.sku}</span>
        {error ? (
          <span role="alert" className="mt-1 block max-w-56 text-xs whitespace-normal text-red-700">
            {error}
          </span>
        ) : null}
      </TD>
      <TD numeric className="whitespace-nowrap text-slate-600">
        {line.planned_qty != null ? quantity(line.planned_qty, line.variant.unit) : '—'}
      </TD>
      <TD numeric className={waste ? 'whitespace-nowrap font-semibold text-amber-700' : 'whitespace-nowrap'}>
        {quantity(line.qty, line.variant.unit)}
        {waste ? (
          <span className="block text-xs font-normal" data-testid="waste">
            {t('documents.production.waste', {
              qty: quantity(new D(line.qty).minus(line.planned_qty ?? '0').toString(), line.variant.unit),
            })}
          </span>
        ) : null}
      </TD>
      {posted ? (
        <TD numeric>
          <Money value={line.amount} code={doc.currency_code} />
        </TD>
      ) : null}
    </TR>
  );
}
