import { OffersView } from '../components/OffersView.tsx';

/** /outcome (spec.md section 2): offers from me; the title is 'Chiqim' plus my role. */
export function OutcomePage() {
  return <OffersView mode="outcome" title="Chiqim" emptyText="Hozircha chiqim takliflari yo'q." />;
}
