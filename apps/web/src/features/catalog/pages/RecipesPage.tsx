import { canWriteCatalog, type ProductType, type RecipeSummary } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/Badge.tsx';
import { buttonClasses } from '../../../components/ui/Button.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { SearchInput } from '../../../components/ui/SearchInput.tsx';
import { Select } from '../../../components/ui/Select.tsx';
import { LoadingText } from '../../../components/ui/Spinner.tsx';
import { Table, TableMessageRow, TBody, TD, TH, THead, TR } from '../../../components/ui/Table.tsx';
import { paths } from '../../../config/paths.ts';
import { useT } from '../../../i18n/useT.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { formatDate } from '../../../lib/format.ts';
import { recipesQueryOptions } from '../api/recipes.ts';
import { PRODUCT_TYPE_KEYS } from '../labels.ts';
import { filterRecipes, RECIPE_OUTPUT_TYPES, recipePath, variantText } from '../recipe-rules.ts';

/**
 * /catalog/recipes (DESIGN.md section 21): every recipe, a product's (for all its variants) or a
 * variant's own, with its current version. Every role reads them; the catalogue's writing roles
 * (CATALOG_WRITE_ROLES, the server's guard) add them.
 */
export function RecipesPage() {
  const t = useT();
  const recipes = useQuery(recipesQueryOptions);
  const canWrite = canWriteCatalog(useCurrentUser().data?.role);
  const [type, setType] = useState<ProductType | ''>('');
  const [text, setText] = useState('');

  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 max-w-2xl">
          <h2 className="text-lg font-semibold text-slate-900">{t('catalog.recipes.title')}</h2>
          <p className="mt-1 text-sm text-slate-500">{t('catalog.recipes.description')}</p>
        </div>
        {canWrite ? (
          <Link to={paths.catalog.newRecipe} className={buttonClasses('primary', 'md')}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            {t('catalog.recipes.add')}
          </Link>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-3">
        <SearchInput
          label={t('catalog.products.search')}
          placeholder={t('catalog.recipes.searchPlaceholder')}
          value={text}
          onText={setText}
          className="w-full sm:w-72"
        />
        <Select
          label={t('catalog.field.type')}
          value={type}
          onChange={(e) => setType(e.target.value as ProductType | '')}
          options={[
            { value: '', label: t('catalog.productTabs.all') },
            ...RECIPE_OUTPUT_TYPES.map((v) => ({ value: v, label: t(PRODUCT_TYPE_KEYS[v]) })),
          ]}
          className="w-full sm:w-48"
        />
      </div>
      {recipes.isError ? (
        <ErrorMessage>{t('catalog.recipes.loadError')}</ErrorMessage>
      ) : recipes.isPending ? (
        <LoadingText />
      ) : (
        <RecipesTable recipes={filterRecipes(recipes.data, type, text)} />
      )}
    </section>
  );
}

function RecipesTable({ recipes }: { recipes: RecipeSummary[] }) {
  const t = useT();
  return (
    <Table caption={t('catalog.recipes.title')}>
      <THead>
        <tr>
          <TH>{t('catalog.recipes.output')}</TH>
          <TH className="hidden sm:table-cell">{t('catalog.field.type')}</TH>
          <TH align="right">{t('catalog.recipes.version')}</TH>
          <TH align="right">{t('catalog.recipes.inputCount')}</TH>
          <TH className="hidden sm:table-cell">{t('catalog.recipes.updated')}</TH>
        </tr>
      </THead>
      <TBody>
        {recipes.length === 0 ? (
          <TableMessageRow colSpan={5}>{t('catalog.recipes.empty')}</TableMessageRow>
        ) : null}
        {recipes.map((r) => (
          <TR key={r.id} data-testid="recipe-row">
            <TD>
              <span className="flex w-44 flex-col whitespace-normal sm:w-auto">
                <Link
                  to={recipePath(r.id)}
                  className="font-medium break-words text-brand-700 hover:underline"
                >
                  {r.product.label}
                </Link>
                <span className="text-xs text-slate-500">
                  {r.variant ? variantText(r.variant) : t('catalog.recipes.allVariants')}
                </span>
              </span>
            </TD>
            <TD className="hidden sm:table-cell">
              <Badge tone={r.product.type === 'SEMI' ? 'amber' : 'emerald'}>
                {t(PRODUCT_TYPE_KEYS[r.product.type])}
              </Badge>
            </TD>
            <TD numeric>{r.current_version}</TD>
            <TD numeric>{r.input_count}</TD>
            <TD className="hidden sm:table-cell">{formatDate(r.updated_at)}</TD>
          </TR>
        ))}
      </TBody>
    </Table>
  );
}
