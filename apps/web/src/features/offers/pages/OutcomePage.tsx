import { useT } from '../../../i18n/useT.ts';
import { OffersView } from '../components/OffersView.tsx';

/** /outcome (spec.md section 2): offers from me; the title is 'Chiqim' plus my role. */
export function OutcomePage() {
  const t = useT();
  return (
    <OffersView mode="outcome" title={t('offers.outcome.title')} emptyText={t('offers.outcome.empty')} />
  );
}
