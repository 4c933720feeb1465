// Every route of spec.md section 2. Every page but the sign-in page loads lazily (its own chunk),
// the shell too: the sign-in page's first load stays in DESIGN.md section 23's budget, and a
// signed-in page loads the shell and itself side by side (app/lazy-routes.tsx).
import { ADMIN_ROLES, STOCK_ENTRY_ROLES, STOCK_EXIT_ROLES } from '@app/shared';
import { Navigate } from 'react-router';
import { paths } from '../config/paths.ts';
import { LoginPage } from '../features/auth/pages/LoginPage.tsx';
import { BootScreen } from './BootScreen.tsx';
import { catalogRoutes } from './catalog-routes.tsx';
import { RequireAuth, RequireRole } from './guards.tsx';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { type AppRoute, toRouteObjects, withTexts } from './lazy-routes.tsx';

/** The login page with the app's language switcher under its form. */
function LoginRoute() {
  return <LoginPage languageSwitcher={<LanguageSwitcher className="mt-6 justify-center" />} />;
}

const adminRoutes: AppRoute = {
  path: paths.admin.root,
  element: <RequireRole roles={ADMIN_ROLES} />,
  children: [
    {
      page: () => import('../features/admin/pages/AdminLayout.tsx').then((m) => m.AdminLayout),
      children: [
        { index: true, element: <Navigate to={paths.admin.users} replace /> },
        {
          path: paths.admin.users,
          page: () => import('../features/admin/pages/UsersPage.tsx').then((m) => m.UsersPage),
        },
        {
          path: paths.admin.currencies,
          page: () => import('../features/admin/pages/CurrenciesPage.tsx').then((m) => m.CurrenciesPage),
        },
        {
          path: paths.admin.balances,
          page: () =>
            import('../features/admin/pages/AdminBalancesPage.tsx').then((m) => m.AdminBalancesPage),
        },
        {
          path: paths.admin.settings,
          page: () => import('../features/admin/pages/SettingsPage.tsx').then((m) => m.SettingsPage),
        },
        {
          path: paths.admin.import,
          page: () => import('../features/admin/pages/ImportPage.tsx').then((m) => m.ImportPage),
        },
      ],
    },
  ],
};

/** DESIGN.md section 11: every signed-in role reads the reports (its own department, or any). */
const reportRoutes: AppRoute = {
  path: paths.reports.root,
  page: () => import('../features/reports/pages/ReportsLayout.tsx').then((m) => m.ReportsLayout),
  children: [
    { index: true, element: <Navigate to={paths.reports.sales} replace /> },
    {
      path: paths.reports.sales,
      page: () => import('../features/reports/pages/SalesReportPage.tsx').then((m) => m.SalesReportPage),
    },
    {
      path: paths.reports.stockMovement,
      page: () => import('../features/reports/pages/StockMovementPage.tsx').then((m) => m.StockMovementPage),
    },
    {
      path: paths.reports.cashFlow,
      page: () => import('../features/reports/pages/CashFlowPage.tsx').then((m) => m.CashFlowPage),
    },
    // DESIGN.md section 12: the debt book's report, a tab of the reports area.
    withTexts(['debts'], {
      path: paths.reports.debtsAgeing,
      page: () => import('../features/debts/pages/DebtsAgeingPage.tsx').then((m) => m.DebtsAgeingPage),
    }),
    {
      // DESIGN.md section 20: the losses of transfers received short.
      path: paths.reports.transitLosses,
      page: () => import('../features/reports/pages/TransitLossesPage.tsx').then((m) => m.TransitLossesPage),
    },
    {
      // DESIGN.md section 21: what production orders cost.
      path: paths.reports.production,
      page: () =>
        import('../features/reports/pages/ProductionCostPage.tsx').then((m) => m.ProductionCostPage),
    },
    {
      // DESIGN.md section 22: shift differences, transit losses and stock-count variances together.
      path: paths.reports.losses,
      page: () => import('../features/reports/pages/LossesPage.tsx').then((m) => m.LossesPage),
    },
  ],
};

/** DESIGN.md section 12: every signed-in role; the server decides whose debts each one sees. */
const debtRoutes: AppRoute[] = [
  {
    path: paths.counterparties,
    page: () => import('../features/debts/pages/CounterpartiesPage.tsx').then((m) => m.CounterpartiesPage),
  },
  {
    path: paths.counterparty,
    page: () => import('../features/debts/pages/CounterpartyPage.tsx').then((m) => m.CounterpartyPage),
  },
  {
    path: paths.debts,
    page: () => import('../features/debts/pages/DebtsPage.tsx').then((m) => m.DebtsPage),
  },
];

/**
 * DESIGN.md section 19: the documents' lists and cards, one shell for every kind, and the counter.
 * Each page checks who it is for (the documents feature's DocumentGuard).
 */
const documentPage = (name: 'SalesPage' | 'PurchasesPage' | 'ReturnsPage' | 'ProductionsPage') => () =>
  import('../features/documents/pages/DocumentsPage.tsx').then((m) => m[name]);
const documentCard = (name: 'SalePage' | 'PurchasePage' | 'ReturnCardPage' | 'ProductionPage') => () =>
  import('../features/documents/pages/DocumentPage.tsx').then((m) => m[name]);
const newReturn = (name: 'SaleReturnPage' | 'PurchaseReturnPage') => () =>
  import('../features/documents/pages/NewReturnPage.tsx').then((m) => m[name]);
const documentRoutes: AppRoute[] = [
  { path: paths.document.sales, page: documentPage('SalesPage') },
  { path: paths.document.sale, page: documentCard('SalePage') },
  { path: paths.document.purchases, page: documentPage('PurchasesPage') },
  {
    path: paths.document.newPurchase,
    page: () => import('../features/documents/pages/NewPurchasePage.tsx').then((m) => m.NewPurchasePage),
  },
  { path: paths.document.purchase, page: documentCard('PurchasePage') },
  // DESIGN.md section 20: returns, each started from its sale's or purchase's card.
  { path: paths.document.returns, page: documentPage('ReturnsPage') },
  { path: paths.document.return, page: documentCard('ReturnCardPage') },
  { path: paths.document.saleReturn, page: newReturn('SaleReturnPage') },
  { path: paths.document.purchaseReturn, page: newReturn('PurchaseReturnPage') },
  // DESIGN.md section 21: production orders.
  { path: paths.document.productions, page: documentPage('ProductionsPage') },
  {
    path: paths.document.newProduction,
    page: () => import('../features/documents/pages/NewProductionPage.tsx').then((m) => m.NewProductionPage),
  },
  { path: paths.document.production, page: documentCard('ProductionPage') },
  {
    path: paths.document.counter,
    page: () => import('../features/documents/pages/CounterPage.tsx').then((m) => m.CounterPage),
  },
  // DESIGN.md section 20: stock counts, their list (with the start) and a count's page.
  {
    path: paths.document.stockCounts,
    page: () => import('../features/documents/pages/StockCountsPage.tsx').then((m) => m.StockCountsPage),
  },
  {
    path: paths.document.stockCount,
    page: () => import('../features/documents/pages/StockCountPage.tsx').then((m) => m.StockCountPage),
  },
];

/**
 * DESIGN.md section 22: the department's own drawer, and the shifts (every signed-in role: the
 * server shows a department its own, the whole business's viewers every department's).
 */
const shiftRoutes: AppRoute[] = [
  {
    path: paths.shift,
    page: () => import('../features/shifts/pages/ShiftPage.tsx').then((m) => m.ShiftPage),
  },
  {
    path: paths.shifts,
    page: () => import('../features/shifts/pages/ShiftsPage.tsx').then((m) => m.ShiftsPage),
  },
  {
    path: paths.shiftCard,
    page: () => import('../features/shifts/pages/ShiftCardPage.tsx').then((m) => m.ShiftCardPage),
  },
];

/** Pages inside the shell; all need a signed-in user (RequireAuth above them). */
const shellRoutes: AppRoute[] = [
  // Balans, with the exchange form, is / for every role (spec.md section 2).
  withTexts(['finance'], {
    index: true,
    page: () => import('../features/finance/pages/BalancesPage.tsx').then((m) => m.BalancesPage),
  }),
  // Where Balans was for Owner, admin and manager while / was their dashboard: old links land on /.
  { path: paths.balances, element: <Navigate to={paths.home} replace /> },
  withTexts(['reports'], {
    path: paths.dashboard,
    page: () => import('../features/reports/pages/DashboardPage.tsx').then((m) => m.DashboardPage),
  }),
  withTexts(['profile'], {
    path: paths.profile,
    page: () => import('../features/profile/pages/ProfilePage.tsx').then((m) => m.ProfilePage),
  }),
  {
    path: paths.income,
    page: () => import('../features/offers/pages/IncomePage.tsx').then((m) => m.IncomePage),
  },
  {
    path: paths.outcome,
    page: () => import('../features/offers/pages/OutcomePage.tsx').then((m) => m.OutcomePage),
  },
  {
    // One offer with its actions and its thread: where an offer's notification leads.
    path: paths.offer,
    page: () => import('../features/offers/pages/OfferPage.tsx').then((m) => m.OfferPage),
  },
  withTexts(['inventory'], {
    path: paths.inventory,
    page: () => import('../features/inventory/pages/InventoryPage.tsx').then((m) => m.InventoryPage),
  }),
  withTexts(['inventory'], {
    // spec.md section 2: /buy allows only Ta'minotchi.
    path: paths.buy,
    element: <RequireRole roles={STOCK_ENTRY_ROLES} />,
    children: [
      {
        index: true,
        page: () => import('../features/inventory/pages/StockPage.tsx').then((m) => m.BuyPage),
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
        page: () => import('../features/inventory/pages/StockPage.tsx').then((m) => m.SellPage),
      },
    ],
  }),
  {
    // DESIGN.md section 13: /chat, and /chat/<id> with that conversation open.
    path: paths.chatConversation,
    page: () => import('../features/chat/pages/ChatPage.tsx').then((m) => m.ChatPage),
  },
  {
    // An offer's "Xabar": its thread, looked up by the offer.
    path: paths.offerChat,
    page: () => import('../features/chat/pages/OfferThreadPage.tsx').then((m) => m.OfferThreadPage),
  },
  withTexts(['receipts'], {
    // DESIGN.md section 19: a sale's receipt, what its QR code opens.
    path: paths.document.receipt,
    page: () => import('../features/receipts/pages/ReceiptPage.tsx').then((m) => m.ReceiptPage),
  }),
  withTexts(['history', 'catalog'], {
    path: paths.history,
    page: () => import('../features/history/pages/HistoryPage.tsx').then((m) => m.HistoryPage),
  }),
  withTexts(['finance'], {
    path: paths.transactions,
    page: () => import('../features/finance/pages/TransactionsPage.tsx').then((m) => m.TransactionsPage),
  }),
  withTexts(['catalog'], catalogRoutes),
  withTexts(['reports'], reportRoutes),
  ...debtRoutes.map((route) => withTexts(['debts'], route)),
  ...documentRoutes.map((route) => withTexts(['documents'], route)),
  ...shiftRoutes.map((route) => withTexts(['shifts'], route)),
  withTexts(['admin'], adminRoutes),
];

/** The pages before signing in, the boot screen shown while one loads. */
const authRoutes: AppRoute[] = [
  {
    path: paths.forgotPassword,
    page: () => import('../features/auth/pages/ForgotPasswordPage.tsx').then((m) => m.ForgotPasswordPage),
  },
  {
    path: paths.verifyCode,
    page: () => import('../features/auth/pages/VerifyCodePage.tsx').then((m) => m.VerifyCodePage),
  },
  {
    path: paths.setPassword,
    page: () => import('../features/auth/pages/SetPasswordPage.tsx').then((m) => m.SetPasswordPage),
  },
  {
    path: paths.logout,
    page: () => import('../features/auth/pages/LogoutPage.tsx').then((m) => m.LogoutPage),
  },
  {
    path: paths.unauthorized,
    page: () => import('../features/auth/pages/UnauthorizedPage.tsx').then((m) => m.UnauthorizedPage),
  },
];

const routes: AppRoute[] = [
  { path: paths.login, element: <LoginRoute /> },
  ...authRoutes.map((route) => ({ ...route, fallback: <BootScreen /> })),
  {
    element: <RequireAuth />,
    children: [
      {
        // With the shell's texts; each page waits for its own too (withTexts; i18n/catalogue.ts,
        // DESIGN.md section 23).
        page: () => import('./shell/AppShell.tsx').then((m) => m.AppShell),
        texts: ['shell'],
        fallback: <BootScreen />,
        children: shellRoutes,
      },
    ],
  },
  // spec.md section 2: any unknown path redirects to /.
  { path: '*', element: <Navigate to={paths.home} replace /> },
];

/** react-router's routes (app/lazy-routes.tsx). */
export const routeObjects = toRouteObjects(routes);
