// Every route of spec.md section 2. Every page but the sign-in page loads lazily (its own chunk),
// the shell too: the sign-in page's first load stays in DESIGN.md section 23's budget, and a
// signed-in page loads the shell and itself side by side (react-router runs the matched routes'
// `lazy` together).
import { ADMIN_ROLES, STOCK_ENTRY_ROLES, STOCK_EXIT_ROLES } from '@app/shared';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { paths } from '../config/paths.ts';
import { LoginPage } from '../features/auth/pages/LoginPage.tsx';
import { catalogueParts, type TextPart } from '../i18n/catalogue.ts';
import { BootScreen } from './BootScreen.tsx';
import { catalogRoutes } from './catalog-routes.tsx';
import { RequireAuth, RequireRole } from './guards.tsx';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { RouteErrorPage } from './RouteErrorPage.tsx';

/** The login page with the app's language switcher under its form. */
function LoginRoute() {
  return <LoginPage languageSwitcher={<LanguageSwitcher className="mt-6 justify-center" />} />;
}

/**
 * A route whose pages render with these parts of the catalogue (i18n/catalogue.ts, DESIGN.md
 * section 23): each lazy route in it waits for them beside its chunk, so that a signed-in page
 * loads its feature's texts, not every namespace, and never renders before them.
 */
function withTexts<R extends RouteObject>(parts: readonly TextPart[], route: R): R {
  const { lazy, children } = route;
  return {
    ...route,
    ...(typeof lazy === 'function'
      ? { lazy: () => Promise.all([lazy(), catalogueParts(parts)]).then(([loaded]) => loaded) }
      : {}),
    ...(children ? { children: children.map((child) => withTexts(parts, child)) } : {}),
  };
}

const adminRoutes: RouteObject = {
  path: paths.admin.root,
  element: <RequireRole roles={ADMIN_ROLES} />,
  children: [
    {
      lazy: () =>
        import('../features/admin/pages/AdminLayout.tsx').then((m) => ({ Component: m.AdminLayout })),
      children: [
        { index: true, element: <Navigate to={paths.admin.users} replace /> },
        {
          path: paths.admin.users,
          lazy: () =>
            import('../features/admin/pages/UsersPage.tsx').then((m) => ({ Component: m.UsersPage })),
        },
        {
          path: paths.admin.currencies,
          lazy: () =>
            import('../features/admin/pages/CurrenciesPage.tsx').then((m) => ({
              Component: m.CurrenciesPage,
            })),
        },
        {
          path: paths.admin.balances,
          lazy: () =>
            import('../features/admin/pages/AdminBalancesPage.tsx').then((m) => ({
              Component: m.AdminBalancesPage,
            })),
        },
        {
          path: paths.admin.settings,
          lazy: () =>
            import('../features/admin/pages/SettingsPage.tsx').then((m) => ({ Component: m.SettingsPage })),
        },
        {
          path: paths.admin.import,
          lazy: () =>
            import('../features/admin/pages/ImportPage.tsx').then((m) => ({ Component: m.ImportPage })),
        },
      ],
    },
  ],
};

/** DESIGN.md section 11: every signed-in role reads the reports (its own department, or any). */
const reportRoutes: RouteObject = {
  path: paths.reports.root,
  lazy: () =>
    import('../features/reports/pages/ReportsLayout.tsx').then((m) => ({ Component: m.ReportsLayout })),
  children: [
    { index: true, element: <Navigate to={paths.reports.sales} replace /> },
    {
      path: paths.reports.sales,
      lazy: () =>
        import('../features/reports/pages/SalesReportPage.tsx').then((m) => ({
          Component: m.SalesReportPage,
        })),
    },
    {
      path: paths.reports.stockMovement,
      lazy: () =>
        import('../features/reports/pages/StockMovementPage.tsx').then((m) => ({
          Component: m.StockMovementPage,
        })),
    },
    {
      path: paths.reports.cashFlow,
      lazy: () =>
        import('../features/reports/pages/CashFlowPage.tsx').then((m) => ({ Component: m.CashFlowPage })),
    },
    // DESIGN.md section 12: the debt book's report, a tab of the reports area.
    withTexts(['debts'], {
      path: paths.reports.debtsAgeing,
      lazy: () =>
        import('../features/debts/pages/DebtsAgeingPage.tsx').then((m) => ({ Component: m.DebtsAgeingPage })),
    }),
    {
      // DESIGN.md section 20: the losses of transfers received short.
      path: paths.reports.transitLosses,
      lazy: () =>
        import('../features/reports/pages/TransitLossesPage.tsx').then((m) => ({
          Component: m.TransitLossesPage,
        })),
    },
    {
      // DESIGN.md section 21: what production orders cost.
      path: paths.reports.production,
      lazy: () =>
        import('../features/reports/pages/ProductionCostPage.tsx').then((m) => ({
          Component: m.ProductionCostPage,
        })),
    },
    {
      // DESIGN.md section 22: shift differences, transit losses and stock-count variances together.
      path: paths.reports.losses,
      lazy: () =>
        import('../features/reports/pages/LossesPage.tsx').then((m) => ({ Component: m.LossesPage })),
    },
  ],
};

/** DESIGN.md section 12: every signed-in role; the server decides whose debts each one sees. */
const debtRoutes: RouteObject[] = [
  {
    path: paths.counterparties,
    lazy: () =>
      import('../features/debts/pages/CounterpartiesPage.tsx').then((m) => ({
        Component: m.CounterpartiesPage,
      })),
  },
  {
    path: paths.counterparty,
    lazy: () =>
      import('../features/debts/pages/CounterpartyPage.tsx').then((m) => ({ Component: m.CounterpartyPage })),
  },
  {
    path: paths.debts,
    lazy: () => import('../features/debts/pages/DebtsPage.tsx').then((m) => ({ Component: m.DebtsPage })),
  },
];

/**
 * DESIGN.md section 19: the documents' lists and cards, one shell for every kind, and the counter.
 * Each page checks who it is for (the documents feature's DocumentGuard).
 */
const documentPage = (name: 'SalesPage' | 'PurchasesPage' | 'ReturnsPage' | 'ProductionsPage') => () =>
  import('../features/documents/pages/DocumentsPage.tsx').then((m) => ({ Component: m[name] }));
const documentCard = (name: 'SalePage' | 'PurchasePage' | 'ReturnCardPage' | 'ProductionPage') => () =>
  import('../features/documents/pages/DocumentPage.tsx').then((m) => ({ Component: m[name] }));
const newReturn = (name: 'SaleReturnPage' | 'PurchaseReturnPage') => () =>
  import('../features/documents/pages/NewReturnPage.tsx').then((m) => ({ Component: m[name] }));
const documentRoutes: RouteObject[] = [
  { path: paths.document.sales, lazy: documentPage('SalesPage') },
  { path: paths.document.sale, lazy: documentCard('SalePage') },
  { path: paths.document.purchases, lazy: documentPage('PurchasesPage') },
  {
    path: paths.document.newPurchase,
    lazy: () =>
      import('../features/documents/pages/NewPurchasePage.tsx').then((m) => ({
        Component: m.NewPurchasePage,
      })),
  },
  { path: paths.document.purchase, lazy: documentCard('PurchasePage') },
  // DESIGN.md section 20: returns, each started from its sale's or purchase's card.
  { path: paths.document.returns, lazy: documentPage('ReturnsPage') },
  { path: paths.document.return, lazy: documentCard('ReturnCardPage') },
  { path: paths.document.saleReturn, lazy: newReturn('SaleReturnPage') },
  { path: paths.document.purchaseReturn, lazy: newReturn('PurchaseReturnPage') },
  // DESIGN.md section 21: production orders.
  { path: paths.document.productions, lazy: documentPage('ProductionsPage') },
  {
    path: paths.document.newProduction,
    lazy: () =>
      import('../features/documents/pages/NewProductionPage.tsx').then((m) => ({
        Component: m.NewProductionPage,
      })),
  },
  { path: paths.document.production, lazy: documentCard('ProductionPage') },
  {
    path: paths.document.counter,
    lazy: () =>
      import('../features/documents/pages/CounterPage.tsx').then((m) => ({ Component: m.CounterPage })),
  },
  // DESIGN.md section 20: stock counts, their list (with the start) and a count's page.
  {
    path: paths.document.stockCounts,
    lazy: () =>
      import('../features/documents/pages/StockCountsPage.tsx').then((m) => ({
        Component: m.StockCountsPage,
      })),
  },
  {
    path: paths.document.stockCount,
    lazy: () =>
      import('../features/documents/pages/StockCountPage.tsx').then((m) => ({ Component: m.StockCountPage })),
  },
];

/**
 * DESIGN.md section 22: the department's own drawer, and the shifts (every signed-in role: the
 * server shows a department its own, the whole business's viewers every department's).
 */
const shiftRoutes: RouteObject[] = [
  {
    path: paths.shift,
    lazy: () => import('../features/shifts/pages/ShiftPage.tsx').then((m) => ({ Component: m.ShiftPage })),
  },
  {
    path: paths.shifts,
    lazy: () => import('../features/shifts/pages/ShiftsPage.tsx').then((m) => ({ Component: m.ShiftsPage })),
  },
  {
    path: paths.shiftCard,
    lazy: () =>
      import('../features/shifts/pages/ShiftCardPage.tsx').then((m) => ({ Component: m.ShiftCardPage })),
  },
];

/** Pages inside the shell; all need a signed-in user (RequireAuth above them). */
const shellRoutes: RouteObject[] = [
  // Balans, with the exchange form, is / for every role (spec.md section 2).
  withTexts(['finance'], {
    index: true,
    lazy: () =>
      import('../features/finance/pages/BalancesPage.tsx').then((m) => ({ Component: m.BalancesPage })),
  }),
  // Where Balans was for Owner, admin and manager while / was their dashboard: old links land on /.
  { path: paths.balances, element: <Navigate to={paths.home} replace /> },
  withTexts(['reports'], {
    path: paths.dashboard,
    lazy: () =>
      import('../features/reports/pages/DashboardPage.tsx').then((m) => ({ Component: m.DashboardPage })),
  }),
  withTexts(['profile'], {
    path: paths.profile,
    lazy: () =>
      import('../features/profile/pages/ProfilePage.tsx').then((m) => ({ Component: m.ProfilePage })),
  }),
  {
    path: paths.income,
    lazy: () => import('../features/offers/pages/IncomePage.tsx').then((m) => ({ Component: m.IncomePage })),
  },
  {
    path: paths.outcome,
    lazy: () =>
      import('../features/offers/pages/OutcomePage.tsx').then((m) => ({ Component: m.OutcomePage })),
  },
  {
    // One offer with its actions and its thread: where an offer's notification leads.
    path: paths.offer,
    lazy: () => import('../features/offers/pages/OfferPage.tsx').then((m) => ({ Component: m.OfferPage })),
  },
  withTexts(['inventory'], {
    path: paths.inventory,
    lazy: () =>
      import('../features/inventory/pages/InventoryPage.tsx').then((m) => ({ Component: m.InventoryPage })),
  }),
  withTexts(['inventory'], {
    // spec.md section 2: /buy allows only Ta'minotchi.
    path: paths.buy,
    element: <RequireRole roles={STOCK_ENTRY_ROLES} />,
    children: [
      {
        index: true,
        lazy: () =>
          import('../features/inventory/pages/StockPage.tsx').then((m) => ({ Component: m.BuyPage })),
      },
    ],
  }),
  withTexts(['inventory'], {
    // spec.md section 2: /sell allows only Bozorchi.
    path: paths.sell,
    element: <RequireRole roles={STOCK_EXIT_ROLES} />,
    children: [
      {
        index: true,
        lazy: () =>
          import('../features/inventory/pages/StockPage.tsx').then((m) => ({ Component: m.SellPage })),
      },
    ],
  }),
  {
    // DESIGN.md section 13: /chat, and /chat/<id> with that conversation open.
    path: paths.chatConversation,
    lazy: () => import('../features/chat/pages/ChatPage.tsx').then((m) => ({ Component: m.ChatPage })),
  },
  {
    // An offer's "Xabar": its thread, looked up by the offer.
    path: paths.offerChat,
    lazy: () =>
      import('../features/chat/pages/OfferThreadPage.tsx').then((m) => ({ Component: m.OfferThreadPage })),
  },
  withTexts(['receipts'], {
    // DESIGN.md section 19: a sale's receipt, what its QR code opens.
    path: paths.document.receipt,
    lazy: () =>
      import('../features/receipts/pages/ReceiptPage.tsx').then((m) => ({ Component: m.ReceiptPage })),
  }),
  withTexts(['history', 'catalog'], {
    path: paths.history,
    lazy: () =>
      import('../features/history/pages/HistoryPage.tsx').then((m) => ({ Component: m.HistoryPage })),
  }),
  withTexts(['finance'], {
    path: paths.transactions,
    lazy: () =>
      import('../features/finance/pages/TransactionsPage.tsx').then((m) => ({
        Component: m.TransactionsPage,
      })),
  }),
  withTexts(['catalog'], catalogRoutes),
  withTexts(['reports'], reportRoutes),
  ...debtRoutes.map((route) => withTexts(['debts'], route)),
  ...documentRoutes.map((route) => withTexts(['documents'], route)),
  ...shiftRoutes.map((route) => withTexts(['shifts'], route)),
  withTexts(['admin'], adminRoutes),
];

export const routes: RouteObject[] = [
  {
    HydrateFallback: BootScreen,
    ErrorBoundary: RouteErrorPage,
    children: [
      { path: paths.login, Component: LoginRoute },
      {
        path: paths.forgotPassword,
        lazy: () =>
          import('../features/auth/pages/ForgotPasswordPage.tsx').then((m) => ({
            Component: m.ForgotPasswordPage,
          })),
      },
      {
        path: paths.verifyCode,
        lazy: () =>
          import('../features/auth/pages/VerifyCodePage.tsx').then((m) => ({ Component: m.VerifyCodePage })),
      },
      {
        path: paths.setPassword,
        lazy: () =>
          import('../features/auth/pages/SetPasswordPage.tsx').then((m) => ({
            Component: m.SetPasswordPage,
          })),
      },
      {
        path: paths.logout,
        lazy: () =>
          import('../features/auth/pages/LogoutPage.tsx').then((m) => ({ Component: m.LogoutPage })),
      },
      {
        path: paths.unauthorized,
        lazy: () =>
          import('../features/auth/pages/UnauthorizedPage.tsx').then((m) => ({
            Component: m.UnauthorizedPage,
          })),
      },
      {
        Component: RequireAuth,
        children: [
          {
            // With the shell's texts; each page waits for its own (withTexts; i18n/catalogue.ts,
            // DESIGN.md section 23).
            lazy: () =>
              Promise.all([import('./shell/AppShell.tsx'), catalogueParts(['shell'])]).then(([m]) => ({
                Component: m.AppShell,
              })),
            children: shellRoutes,
          },
        ],
      },
      // spec.md section 2: any unknown path redirects to /.
      { path: '*', element: <Navigate to={paths.home} replace /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
