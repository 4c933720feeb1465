import { Button } from '../../../components/ui/Button.tsx';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { Modal } from '../../../components/ui/Modal.tsx';
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
  return (
    <Modal
      open={item !== null}
      onClose={onCancel}
      size="sm"
      title={deleteConfirmTitle(item ?? '')}
      description={DELETE_CONFIRM_NOTE}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Bekor qilish
          </Button>
          <Button variant="danger" onClick={onConfirm} loading={busy} data-autofocus>
            O'chirish
          </Button>
        </>
      }
    >
      <ErrorMessage>{error}</ErrorMessage>
    </Modal>
  );
}
