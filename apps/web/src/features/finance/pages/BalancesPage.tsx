import { PageHeader } from '../../../components/ui/PageHeader.tsx';

/** / (spec.md section 2, Balances). Placeholder until the finance issue: title, balance cards, exchange and external transaction forms. */
export function BalancesPage() {
  return <PageHeader title="Balans" />;
}
