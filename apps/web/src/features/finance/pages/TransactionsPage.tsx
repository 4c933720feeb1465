import { PageHeader } from '../../../components/ui/PageHeader.tsx';

/** /transactions (spec.md section 2, Money transactions). Placeholder until the finance issue. */
export function TransactionsPage() {
  return <PageHeader title="Pul transaksiyalari" />;
}
