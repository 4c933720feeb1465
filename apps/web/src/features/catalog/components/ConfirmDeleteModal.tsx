import { Button } from '../../../components/ui/Button.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { Modal } from '../../../components/ui/Modal.tsx';
import { useT } from '../../../i18n/useT.ts';
import { DELETE_CONFIRM_NOTE, deleteConfirmTitle } from '../catalog-rules.ts';

export interface ConfirmDeleteModalProps {
  /** The item's name; null closes the modal. */
  item: string | null;
  onCancel: () => void;
  onConfirm: () => void;
  busy?: boolean;
  error?: string | null;
}

/** spec.md section 2: 'Haqiqatdan ham o'chirib tashlamqochimisiz {item}?' plus the no-undo note. */
export function ConfirmDeleteModal({
  item,
  onCancel,
  onConfirm,
  busy = false,
  error,
}: ConfirmDeleteModalProps) {
  const t = useT();
  return (
    <Modal
      open={item !== null}
      onClose={onCancel}
      size="sm"
      title={deleteConfirmTitle(t, item ?? '')}
      description={t(DELETE_CONFIRM_NOTE)}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {t('catalog.actions.cancel')}
          </Button>
          <Button variant="danger" onClick={onConfirm} loading={busy} data-autofocus>
            {t('catalog.actions.delete')}
          </Button>
        </>
      }
    >
      <ErrorMessage>{error}</ErrorMessage>
    </Modal>
  );
}
