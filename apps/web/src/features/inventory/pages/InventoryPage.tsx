import { PageHeader } from '../../../components/ui/PageHeader.tsx';

/** /inventory (spec.md section 2, Inventory). Placeholder until the inventory issue. */
export function InventoryPage() {
  return <PageHeader title="Balansdagi mahsulotlar" />;
}
