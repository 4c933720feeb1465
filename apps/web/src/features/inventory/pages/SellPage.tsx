import { PageHeader } from '../../../components/ui/PageHeader.tsx';

/** /sell, Bozorchi only (spec.md section 2, Sell). Placeholder until the inventory issue. */
export function SellPage() {
  return <PageHeader title="Stock Exits" />;
}
