import { formatMoneyFixed, type Recipe } from '@app/shared';
import { Card } from '../../../components/ui/Card.tsx';
import { Table, TBody, TD, TH, THead, TR } from '../../../components/ui/Table.tsx';
import { useQuantityText } from '../../../i18n/unit-labels.ts';
import { useT } from '../../../i18n/useT.ts';
import { lineCostUzs } from '../recipe-rules.ts';

/**
 * One version of a recipe (DESIGN.md section 21): its inputs per unit of output with their costs
 * today, its overhead in its currency, and the estimate per unit in UZS, said to be unknown while
 * an input has no cost yet (never bought, nor made by a recipe of its own that has one).
 */
export function RecipeVersionView({ recipe }: { recipe: Recipe }) {
  const t = useT();
  const quantity = useQuantityText();
  const { version } = recipe;
  const uncosted = version.inputs.filter((l) => l.unit_cost_uzs === null).length;
  return (
    <div className="space-y-4">
      <Table caption={t('catalog.recipes.inputs')}>
        <THead>
          <tr>
            <TH>{t('catalog.recipes.input')}</TH>
            <TH align="right">{t('catalog.recipes.qtyPerUnit')}</TH>
            <TH align="right">{t('catalog.recipes.unitCost')}</TH>
            <TH align="right">{t('catalog.recipes.lineCost')}</TH>
          </tr>
        </THead>
        <TBody>
          {version.inputs.map((line) => {
            const cost = lineCostUzs(line.qty, line.unit_cost_uzs);
            return (
              <TR key={line.line_no} data-testid="recipe-input">
                <TD>
                  <span className="flex w-40 flex-col whitespace-normal sm:w-auto">
                    <span className="font-medium break-words text-slate-900">{line.variant.label}</span>
                    <span className="font-mono text-xs text-slate-500">{line.variant.sku}</span>
                    {/* On a phone the figures scroll away beside it: the quantity and line cost stay here. */}
                    <span className="text-xs text-slate-600 sm:hidden">
                      {quantity(line.qty, line.variant.unit)} · {cost === null ? '—' : formatMoneyFixed(cost)}
                    </span>
                  </span>
                </TD>
                <TD numeric>{quantity(line.qty, line.variant.unit)}</TD>
                <TD numeric>
                  {line.unit_cost_uzs === null ? (
                    <span className="text-amber-700">{t('catalog.recipes.noCost')}</span>
                  ) : (
                    formatMoneyFixed(line.unit_cost_uzs)
                  )}
                </TD>
                <TD numeric>{cost === null ? '—' : formatMoneyFixed(cost)}</TD>
              </TR>
            );
          })}
        </TBody>
      </Table>
      <RecipeCosts recipe={recipe} uncosted={uncosted} />
    </div>
  );
}

/** The overhead in its currency and the estimate per unit in UZS, or why there is none. */
function RecipeCosts({ recipe, uncosted }: { recipe: Recipe; uncosted: number }) {
  const t = useT();
  const { version } = recipe;
  return (
    <Card className="grid gap-4 p-4 sm:grid-cols-2">
      <div>
        <p className="text-sm text-slate-500">{t('catalog.recipes.overhead')}</p>
        <p className="mt-1 font-medium text-slate-900" data-testid="recipe-overhead">
          {t('catalog.recipes.perUnitAmount', {
            amount: formatMoneyFixed(version.overhead),
            currency: version.currency_code,
          })}
        </p>
      </div>
      <div>
        <p className="text-sm text-slate-500">{t('catalog.recipes.estimate')}</p>
        {version.estimate_uzs === null ? (
          <p className="mt-1 font-medium text-amber-700" data-testid="recipe-estimate">
            {t('catalog.recipes.estimateUnknown', { count: uncosted })}
          </p>
        ) : (
          <p className="mt-1 text-lg font-semibold text-slate-900" data-testid="recipe-estimate">
            {t('catalog.recipes.perUnitAmount', {
              amount: formatMoneyFixed(version.estimate_uzs),
              currency: 'UZS',
            })}
          </p>
        )}
        <p className="mt-1 text-xs text-slate-500">{t('catalog.recipes.estimateHint')}</p>
      </div>
      {version.note ? (
        <div className="sm:col-span-2">
          <p className="text-sm text-slate-500">{t('catalog.recipes.note')}</p>
          <p className="mt-1 whitespace-pre-line break-words text-slate-900">{version.note}</p>
        </div>
      ) : null}
    </Card>
  );
}
