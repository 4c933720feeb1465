import { canWriteCatalog, type Recipe } from '@app/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ArrowLeft, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { Badge } from '../../../components/ui/Badge.tsx';
import { Button, buttonClasses } from '../../../components/ui/Button.tsx';
import { ErrorMessage, SuccessMessage } from '../../../components/ui/ErrorMessage.tsx';
import { Select } from '../../../components/ui/Select.tsx';
import { LoadingText } from '../../../components/ui/Spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useT } from '../../../i18n/useT.ts';
import { failureMessage, isNotFound } from '../../../lib/api-client.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { recipeQueryOptions, useDeleteRecipe } from '../api/recipes.ts';
import { ConfirmDeleteModal } from '../components/ConfirmDeleteModal.tsx';
import { RecipeVersionView } from '../components/RecipeVersionView.tsx';
import { PRODUCT_TYPE_KEYS } from '../labels.ts';
import { recipePath, variantText } from '../recipe-rules.ts';

/** What the editor tells this page after a save: the version it made. */
export interface RecipeSavedState {
  savedVersion: number;
}

const ID = /^[1-9]\d{0,9}$/;

/**
 * /catalog/recipes/<id>[?version=N] (DESIGN.md section 21): a recipe in its current version, or
 * one of its earlier versions read as it was (read-only), and the writers' change and delete.
 */
export function RecipePage() {
  const raw = useParams().id ?? '';
  const [params] = useSearchParams();
  const version = params.get('version') ?? '';
  if (!ID.test(raw)) return <Navigate to={paths.catalog.recipes} replace />;
  return <RecipeView id={Number(raw)} version={ID.test(version) ? Number(version) : undefined} />;
}

function RecipeView({ id, version }: { id: number; version: number | undefined }) {
  const t = useT();
  // Another version keeps the page in place while it loads.
  const recipe = useQuery({ ...recipeQueryOptions(id, version), placeholderData: keepPreviousData });
  const saved = (useLocation().state as RecipeSavedState | null)?.savedVersion;
  return (
    <section className="space-y-4">
      <Link to={paths.catalog.recipes} className={buttonClasses('link')}>
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        {t('catalog.recipes.title')}
      </Link>
      {recipe.isError ? (
        <ErrorMessage>
          {isNotFound(recipe.error) ? t('catalog.recipes.notFound') : t('catalog.recipes.loadOneError')}
        </ErrorMessage>
      ) : recipe.isPending ? (
        <LoadingText />
      ) : (
        <>
          <RecipeHeader recipe={recipe.data} />
          {saved !== undefined && version === undefined ? (
            <SuccessMessage>
              {saved === 1
                ? t('catalog.recipes.created')
                : t('catalog.recipes.savedVersion', { version: saved })}
            </SuccessMessage>
          ) : null}
          <VersionPicker recipe={recipe.data} viewing={version} />
          <RecipeVersionView recipe={recipe.data} />
        </>
      )}
    </section>
  );
}

/** The output, its type, and the writers' actions on the recipe. */
function RecipeHeader({ recipe }: { recipe: Recipe }) {
  const t = useT();
  const canWrite = canWriteCatalog(useCurrentUser().data?.role);
  const navigate = useNavigate();
  const remove = useDeleteRecipe();
  const [confirming, setConfirming] = useState(false);
  const name = recipe.product.label;
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0">
        <p className="text-sm text-slate-500">{t('catalog.recipes.recipe')}</p>
        <h2 className="text-lg font-semibold break-words text-slate-900">{name}</h2>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
          <Badge tone={recipe.product.type === 'SEMI' ? 'amber' : 'emerald'}>
            {t(PRODUCT_TYPE_KEYS[recipe.product.type])}
          </Badge>
          <span data-testid="recipe-output">
            {recipe.variant ? variantText(recipe.variant) : t('catalog.recipes.allVariants')}
          </span>
        </p>
      </div>
      {canWrite ? (
        <div className="flex flex-wrap gap-2">
          <Link
            to={paths.catalog.editRecipe.replace(':id', String(recipe.id))}
            className={buttonClasses('secondary', 'md')}
          >
            <Pencil aria-hidden="true" className="h-4 w-4" />
            {t('catalog.recipes.change')}
          </Link>
          <Button
            variant="danger"
            icon={<Trash2 aria-hidden="true" className="h-4 w-4" />}
            onClick={() => {
              remove.reset();
              setConfirming(true);
            }}
          >
            {t('catalog.actions.delete')}
          </Button>
        </div>
      ) : null}
      <ConfirmDeleteModal
        item={confirming ? name : null}
        onCancel={() => setConfirming(false)}
        busy={remove.isPending}
        error={remove.isError ? failureMessage(remove.error, t('catalog.recipes.deleteError')) : null}
        onConfirm={() =>
          remove.mutate(recipe.id, { onSuccess: () => navigate(paths.catalog.recipes, { replace: true }) })
        }
      />
    </div>
  );
}

/** The versions, newest first: one picked is shown as it was, read-only, with a way back. */
function VersionPicker({ recipe, viewing }: { recipe: Recipe; viewing: number | undefined }) {
  const t = useT();
  const navigate = useNavigate();
  const current = recipe.current_version;
  const shown = recipe.version;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end gap-3">
        <Select
          label={t('catalog.recipes.version')}
          value={String(shown.version)}
          onChange={(e) => {
            const v = Number(e.target.value);
            navigate(recipePath(recipe.id, v === current ? undefined : v));
          }}
          options={[...recipe.versions]
            .sort((a, b) => b.version - a.version)
            .map((v) => ({
              value: String(v.version),
              label: t(
                v.version === current ? 'catalog.recipes.versionCurrent' : 'catalog.recipes.versionOption',
                {
                  version: v.version,
                  date: formatDate(v.created_at),
                },
              ),
            }))}
          className="w-full sm:w-72"
        />
        <p className="pb-2 text-xs text-slate-500">
          {t('catalog.recipes.madeBy', {
            date: formatDateTime(shown.created_at),
            email: shown.created_by.email,
          })}
        </p>
      </div>
      {viewing !== undefined && viewing !== current ? (
        <div
          role="status"
          className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2.5 text-sm text-amber-900"
        >
          {t('catalog.recipes.oldVersion', { version: shown.version, current })}{' '}
          <Link to={recipePath(recipe.id)} className="font-medium underline">
            {t('catalog.recipes.showCurrent')}
          </Link>
        </div>
      ) : null}
    </div>
  );
}
