import { PageHeader } from '../../../components/ui/PageHeader.tsx';

/** /history: a heading only (spec.md section 2, Chat and History). Final. */
export function HistoryPage() {
  return <PageHeader title="Tarix" />;
}
