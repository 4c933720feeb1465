import { type Currency, type Product, type Recipe, RecipeCreateSchema, type Variant } from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueries } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useId, useState } from 'react';
import { type FieldErrors, type Resolver, type ResolverResult, useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { currenciesQueryOptions } from '../../../api/currencies.ts';
import { Button, buttonClasses } from '../../../components/ui/Button.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { LoadingText } from '../../../components/ui/Spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useTranslatedResolver } from '../../../i18n/schema-resolver.ts';
import { useT } from '../../../i18n/useT.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { productsQueryOptions } from '../api/products.ts';
import { recipeQueryOptions, useSaveRecipe } from '../api/recipes.ts';
import { variantsQueryOptions } from '../api/variants.ts';
import { RecipeFields, type RecipeForm } from '../components/RecipeForm.tsx';
import {
  RECIPE_OUTPUT_TYPES,
  type RecipeDraft,
  recipeBody,
  recipeDraft,
  recipePath,
} from '../recipe-rules.ts';
import type { RecipeSavedState } from './RecipePage.tsx';

type RecipeOutput = z.output<typeof RecipeCreateSchema>;

/**
 * /catalog/recipes/new and /catalog/recipes/<id>/edit (DESIGN.md section 21): a new recipe
 * (version 1), or a recipe's current version prefilled, whose save makes the next version.
 */
export function RecipeEditorPage() {
  const raw = useParams().id;
  if (raw !== undefined && !/^[1-9]\d{0,9}$/.test(raw))
    return <Navigate to={paths.catalog.recipes} replace />;
  return <RecipeEditor id={raw === undefined ? undefined : Number(raw)} />;
}

function RecipeEditor({ id }: { id: number | undefined }) {
  const t = useT();
  const data = useQueries({
    queries: [
      { ...recipeQueryOptions(id ?? 0), enabled: id !== undefined },
      productsQueryOptions(),
      variantsQueryOptions,
      currenciesQueryOptions,
    ],
    combine: ([recipe, products, variants, currencies]) => ({
      failed: [recipe, products, variants, currencies].some((r) => r.isError),
      loading:
        (id !== undefined && recipe.isPending) || [products, variants, currencies].some((r) => r.isPending),
      recipe: recipe.data,
      products: (products.data ?? []).filter((p) => RECIPE_OUTPUT_TYPES.includes(p.type)),
      variants: variants.data ?? [],
      currencies: currencies.data ?? [],
    }),
  });
  const back = id === undefined ? paths.catalog.recipes : recipePath(id);
  return (
    <section className="space-y-4">
      <Link to={back} className={buttonClasses('link')}>
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        {id === undefined ? t('catalog.recipes.title') : t('catalog.recipes.recipe')}
      </Link>
      <h2 className="text-lg font-semibold text-slate-900">
        {data.recipe
          ? t('catalog.recipes.editTitle', { name: data.recipe.product.label })
          : t('catalog.recipes.newTitle')}
      </h2>
      {data.failed ? (
        <ErrorMessage>{t('catalog.recipes.loadOneError')}</ErrorMessage>
      ) : data.loading ? (
        <LoadingText />
      ) : (
        <RecipeEditorForm {...data} back={back} />
      )}
    </section>
  );
}

/** The editor's checks: the shared schema on the body the draft becomes; an empty choice says "choose". */
function useRecipeResolver(): Resolver<RecipeDraft, unknown, RecipeOutput> {
  const t = useT();
  const schema = useTranslatedResolver(zodResolver(RecipeCreateSchema));
  return async (draft, context, options) => {
    const result = (await schema(recipeBody(draft) as never, context, options as never)) as ResolverResult<
      RecipeDraft,
      RecipeOutput
    >;
    const errors = result.errors as FieldErrors<RecipeDraft>;
    const choose = (message: string) => ({ type: 'required', message });
    if (draft.product === '') errors.product = choose(t('catalog.recipes.chooseProduct'));
    const missing = draft.inputs.flatMap((line, i) => (line.variant === null ? [i] : []));
    if (missing.length) {
      const rows = (errors.inputs ?? []) as Record<number, object | undefined>;
      for (const i of missing) rows[i] = { ...rows[i], variant: choose(t('catalog.recipes.chooseInput')) };
      errors.inputs = rows as FieldErrors<RecipeDraft>['inputs'];
    }
    return Object.keys(errors).length ? { values: {}, errors } : result;
  };
}

function RecipeEditorForm({
  recipe,
  products,
  variants,
  currencies,
  back,
}: {
  recipe: Recipe | undefined;
  products: Product[];
  variants: Variant[];
  currencies: Currency[];
  back: string;
}) {
  const t = useT();
  const formId = useId();
  const navigate = useNavigate();
  const save = useSaveRecipe();
  const [error, setError] = useState<string | null>(null);
  const form: RecipeForm = useForm<RecipeDraft, unknown, RecipeOutput>({
    resolver: useRecipeResolver(),
    defaultValues: recipeDraft(recipe),
  });
  const product = Number(form.watch('product'));

  const submit = form.handleSubmit(({ product: p, variant, ...version }) => {
    if (save.isPending) return;
    setError(null);
    const write = recipe ? { id: recipe.id, body: version } : { body: { product: p, variant, ...version } };
    save.mutate(write, {
      onSuccess: (saved) => {
        const state: RecipeSavedState = { savedVersion: saved.version.version };
        navigate(recipePath(saved.id), { state });
      },
      // The server's field errors (inputs.N.variant) go under their rows; a cycle is the form's.
      onError: (err) => setError(applyServerErrors(form.setError, err, t('catalog.form.saveFailed'))),
    });
  });

  return (
    <form
      id={formId}
      onSubmit={submit}
      noValidate
      className="space-y-4"
      aria-label={t('catalog.recipes.recipe')}
    >
      {recipe ? (
        <p className="text-sm text-slate-600">
          {t('catalog.recipes.newVersionHint', { version: recipe.current_version + 1 })}
        </p>
      ) : null}
      <RecipeFields
        form={form}
        products={products}
        variants={variants.filter((v) => v.product === product)}
        currencies={currencies}
        fixedOutput={recipe !== undefined}
      />
      <ErrorMessage>{error}</ErrorMessage>
      <div className="flex flex-wrap justify-end gap-2">
        <Link to={back} className={buttonClasses('secondary', 'md')}>
          {t('catalog.actions.cancel')}
        </Link>
        <Button type="submit" loading={save.isPending}>
          {recipe ? t('catalog.recipes.saveVersion') : t('catalog.actions.save')}
        </Button>
      </div>
    </form>
  );
}
