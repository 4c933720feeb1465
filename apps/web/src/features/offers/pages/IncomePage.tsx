import { OffersView } from '../components/OffersView.tsx';

/** /income (spec.md section 2): offers to me; the title is 'Kirim' plus my role. */
export function IncomePage() {
  return <OffersView mode="income" title="Kirim" emptyText="Hozircha kirim takliflari yo'q." />;
}
