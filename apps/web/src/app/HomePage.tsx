import { seesWholeBusiness } from '@app/shared';
import { lazy, Suspense } from 'react';
import { LoadingText } from '../components/ui/Spinner.tsx';
import { useCurrentUser } from '../lib/auth.ts';

// Each in its own chunk, as every feature page is: a person downloads only the home they see.
const DashboardPage = lazy(() =>
  import('../features/reports/pages/DashboardPage.tsx').then((m) => ({ default: m.DashboardPage })),
);
const BalancesPage = lazy(() =>
  import('../features/finance/pages/BalancesPage.tsx').then((m) => ({ default: m.BalancesPage })),
);

/**
 * / (DESIGN.md section 11): the owner's dashboard for the viewers of the whole business (Owner,
 * admin, manager), whose Balans is at /balances; everyone else keeps spec.md's Balans here. The
 * shell has loaded the user before any page renders.
 */
export function HomePage() {
  const role = useCurrentUser().data?.role;
  return (
    <Suspense fallback={<LoadingText />}>
      {seesWholeBusiness(role) ? <DashboardPage /> : <BalancesPage />}
    </Suspense>
  );
}
