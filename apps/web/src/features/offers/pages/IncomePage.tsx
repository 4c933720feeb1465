import { useT } from '../../../i18n/useT.ts';
import { OffersView } from '../components/OffersView.tsx';

/** /income (spec.md section 2): offers to me; the title is 'Kirim' plus my role. */
export function IncomePage() {
  const t = useT();
  return <OffersView mode="income" title={t('offers.income.title')} emptyText={t('offers.income.empty')} />;
}
