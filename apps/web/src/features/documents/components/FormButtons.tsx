import { Save, Send, X } from 'lucide-react';
import { Button } from '../../../components/ui/Button.tsx';
import { useT } from '../../../i18n/useT.ts';

/** A document form's buttons: cancel, save as a draft, post (the form's submit). */
export function FormButtons({
  pending,
  empty,
  onDraft,
  onCancel,
}: {
  pending: boolean;
  empty: boolean;
  onDraft: () => void;
  onCancel: (() => void) | undefined;
}) {
  const t = useT();
  return (
    <div className="flex flex-wrap justify-end gap-2">
      {onCancel ? (
        <Button variant="ghost" onClick={onCancel} icon={<X aria-hidden="true" className="h-4 w-4" />}>
          {t('documents.common.cancel')}
        </Button>
      ) : null}
      <Button
        variant="secondary"
        disabled={pending || empty}
        onClick={onDraft}
        icon={<Save aria-hidden="true" className="h-4 w-4" />}
      >
        {t('documents.action.saveDraft')}
      </Button>
      <Button
        type="submit"
        loading={pending}
        disabled={empty}
        icon={<Send aria-hidden="true" className="h-4 w-4" />}
      >
        {t('documents.action.post')}
      </Button>
    </div>
  );
}
