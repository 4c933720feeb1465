import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { useT } from '../../../i18n/useT.ts';
import { DocumentForm } from '../components/DocumentForm.tsx';
import { DocumentGuard } from '../components/DocumentGuard.tsx';
import { PURCHASE_KIND } from '../kinds.ts';

/** /purchases/new: a purchase typed in full, saved as a draft or posted (DESIGN.md section 19). */
export function NewPurchasePage() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <DocumentGuard kind={PURCHASE_KIND} write>
      <div className="mx-auto max-w-3xl space-y-4">
        <PageHeader title={t('documents.purchase.new')} className="mb-0" />
        <DocumentForm
          kind={PURCHASE_KIND}
          onDone={(doc) => navigate(PURCHASE_KIND.cardPath(doc.id))}
          onCancel={() => navigate(PURCHASE_KIND.listPath)}
        />
      </div>
    </DocumentGuard>
  );
}
