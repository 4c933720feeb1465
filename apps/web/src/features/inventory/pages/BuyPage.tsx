import { PageHeader } from '../../../components/ui/PageHeader.tsx';

/** /buy, Ta'minotchi only (spec.md section 2, Buy). Placeholder until the inventory issue. */
export function BuyPage() {
  return <PageHeader title="Stock Entries" />;
}
