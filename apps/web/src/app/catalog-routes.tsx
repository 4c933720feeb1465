import { CATALOG_WRITE_ROLES } from '@app/shared';
import { Navigate, type RouteObject } from 'react-router';
import { paths } from '../config/paths.ts';
import { RequireRole } from './guards.tsx';

// The catalogue's routes (spec.md section 2 "Catalog"; its price types and recipes, DESIGN.md sections 19
// and 21), each page its own lazy chunk.
export const catalogRoutes: RouteObject = {
  path: paths.catalog.root,
  lazy: () =>
    import('../features/catalog/pages/CatalogLayout.tsx').then((m) => ({ Component: m.CatalogLayout })),
  children: [
    { index: true, element: <Navigate to={paths.catalog.products} replace /> },
    {
      path: paths.catalog.products,
      lazy: () =>
        import('../features/catalog/pages/ProductsLayout.tsx').then((m) => ({ Component: m.ProductsLayout })),
      children: [
        {
          index: true,
          lazy: () =>
            import('../features/catalog/pages/ProductsPage.tsx').then((m) => ({
              element: <m.ProductsPage />,
            })),
        },
        {
          path: paths.catalog.productsRaw,
          lazy: () =>
            import('../features/catalog/pages/ProductsPage.tsx').then((m) => ({
              element: <m.ProductsPage type="RAW" />,
            })),
        },
        {
          path: paths.catalog.productsSemi,
          lazy: () =>
            import('../features/catalog/pages/ProductsPage.tsx').then((m) => ({
              element: <m.ProductsPage type="SEMI" />,
            })),
        },
        {
          path: paths.catalog.productsFinished,
          lazy: () =>
            import('../features/catalog/pages/ProductsPage.tsx').then((m) => ({
              element: <m.ProductsPage type="FINISHED" />,
            })),
        },
      ],
    },
    {
      path: paths.catalog.unit,
      lazy: () => import('../features/catalog/pages/UnitsPage.tsx').then((m) => ({ Component: m.UnitsPage })),
    },
    {
      path: paths.catalog.size,
      lazy: () => import('../features/catalog/pages/SizesPage.tsx').then((m) => ({ Component: m.SizesPage })),
    },
    {
      path: paths.catalog.color,
      lazy: () =>
        import('../features/catalog/pages/ColorsPage.tsx').then((m) => ({ Component: m.ColorsPage })),
    },
    {
      path: paths.catalog.location,
      lazy: () =>
        import('../features/catalog/pages/LocationPage.tsx').then((m) => ({ Component: m.LocationPage })),
    },
    {
      // DESIGN.md section 19: every role reads the price types; the page offers writes to the
      // catalogue's writing roles only, as the server guards them.
      path: paths.catalog.priceTypes,
      lazy: () =>
        import('../features/catalog/pages/PriceTypesPage.tsx').then((m) => ({ Component: m.PriceTypesPage })),
    },
    // DESIGN.md section 21: every role reads the recipes; the catalogue's writing roles change them
    // (the editor's routes send anyone else to /unauthorized, as the server would refuse the save).
    {
      path: paths.catalog.recipes,
      lazy: () =>
        import('../features/catalog/pages/RecipesPage.tsx').then((m) => ({ Component: m.RecipesPage })),
    },
    {
      element: <RequireRole roles={CATALOG_WRITE_ROLES} />,
      children: [
        {
          path: paths.catalog.newRecipe,
          lazy: () =>
            import('../features/catalog/pages/RecipeEditorPage.tsx').then((m) => ({
              Component: m.RecipeEditorPage,
            })),
        },
        {
          path: paths.catalog.editRecipe,
          lazy: () =>
            import('../features/catalog/pages/RecipeEditorPage.tsx').then((m) => ({
              Component: m.RecipeEditorPage,
            })),
        },
      ],
    },
    {
      path: paths.catalog.recipe,
      lazy: () =>
        import('../features/catalog/pages/RecipePage.tsx').then((m) => ({ Component: m.RecipePage })),
    },
  ],
};

/** DESIGN.md section 9: Owner and admin only; anyone else lands on /unauthorized. */
