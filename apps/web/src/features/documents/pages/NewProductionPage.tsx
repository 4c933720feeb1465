import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { useT } from '../../../i18n/useT.ts';
import { DocumentGuard } from '../components/DocumentGuard.tsx';
import { ProductionForm } from '../components/ProductionForm.tsx';
import { PRODUCTION_KIND } from '../kinds.ts';

/** /production/new: a production order from its output's recipe, saved as a draft or posted (DESIGN.md section 21). */
export function NewProductionPage() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <DocumentGuard kind={PRODUCTION_KIND} write>
      <div className="mx-auto max-w-3xl space-y-4">
        <PageHeader title={t('documents.production.new')} className="mb-0" />
        <ProductionForm
          onDone={(doc) => navigate(PRODUCTION_KIND.cardPath(doc.id))}
          onCancel={() => navigate(PRODUCTION_KIND.listPath)}
        />
      </div>
    </DocumentGuard>
  );
}
