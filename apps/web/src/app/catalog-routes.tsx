import { CATALOG_WRITE_ROLES } from '@app/shared';
import { Navigate } from 'react-router';
import { paths } from '../config/paths.ts';
import { RequireRole } from './guards.tsx';
import type { AppRoute } from './lazy-routes.tsx';

// The catalogue's routes (spec.md section 2 "Catalog"; its price types and recipes, DESIGN.md sections 19
// and 21), each page its own lazy chunk.
export const catalogRoutes: AppRoute = {
  path: paths.catalog.root,
  page: () => import('../features/catalog/pages/CatalogLayout.tsx').then((m) => m.CatalogLayout),
  children: [
    { index: true, element: <Navigate to={paths.catalog.products} replace /> },
    {
      path: paths.catalog.products,
      page: () => import('../features/catalog/pages/ProductsLayout.tsx').then((m) => m.ProductsLayout),
      children: [
        {
          index: true,
          page: () => import('../features/catalog/pages/ProductsPage.tsx').then((m) => m.ProductsPage),
        },
        {
          path: paths.catalog.productsRaw,
          page: () =>
            import('../features/catalog/pages/ProductsPage.tsx').then((m) => () => (
              <m.ProductsPage type="RAW" />
            )),
        },
        {
          path: paths.catalog.productsSemi,
          page: () =>
            import('../features/catalog/pages/ProductsPage.tsx').then((m) => () => (
              <m.ProductsPage type="SEMI" />
            )),
        },
        {
          path: paths.catalog.productsFinished,
          page: () =>
            import('../features/catalog/pages/ProductsPage.tsx').then((m) => () => (
              <m.ProductsPage type="FINISHED" />
            )),
        },
      ],
    },
    {
      path: paths.catalog.unit,
      page: () => import('../features/catalog/pages/UnitsPage.tsx').then((m) => m.UnitsPage),
    },
    {
      path: paths.catalog.size,
      page: () => import('../features/catalog/pages/SizesPage.tsx').then((m) => m.SizesPage),
    },
    {
      path: paths.catalog.color,
      page: () => import('../features/catalog/pages/ColorsPage.tsx').then((m) => m.ColorsPage),
    },
    {
      path: paths.catalog.location,
      page: () => import('../features/catalog/pages/LocationPage.tsx').then((m) => m.LocationPage),
    },
    {
      // DESIGN.md section 19: every role reads the price types; the page offers writes to the
      // catalogue's writing roles only, as the server guards them.
      path: paths.catalog.priceTypes,
      page: () => import('../features/catalog/pages/PriceTypesPage.tsx').then((m) => m.PriceTypesPage),
    },
    // DESIGN.md section 21: every role reads the recipes; the catalogue's writing roles change them
    // (the editor's routes send anyone else to /unauthorized, as the server would refuse the save).
    {
      path: paths.catalog.recipes,
      page: () => import('../features/catalog/pages/RecipesPage.tsx').then((m) => m.RecipesPage),
    },
    {
      element: <RequireRole roles={CATALOG_WRITE_ROLES} />,
      children: [
        {
          path: paths.catalog.newRecipe,
          page: () =>
            import('../features/catalog/pages/RecipeEditorPage.tsx').then((m) => m.RecipeEditorPage),
        },
        {
          path: paths.catalog.editRecipe,
          page: () =>
            import('../features/catalog/pages/RecipeEditorPage.tsx').then((m) => m.RecipeEditorPage),
        },
      ],
    },
    {
      path: paths.catalog.recipe,
      page: () => import('../features/catalog/pages/RecipePage.tsx').then((m) => m.RecipePage),
    },
  ],
};

/** DESIGN.md section 9: Owner and admin only; anyone else lands on /unauthorized. */
