import { EditDeleteButtons } from '../../../components/EditDeleteButtons.tsx';
import { TD } from '../../../components/ui/Table.tsx';
import { useT } from '../../../i18n/useT.ts';

/** The writers' last cell of a catalog row: edit and delete, each named for the row. */
export function RowActionsCell({
  name,
  onEdit,
  onDelete,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const t = useT();
  return (
    <TD align="right">
      <div className="flex justify-end gap-1">
        <EditDeleteButtons
          edit={{ label: t('catalog.actions.editItem', { name }), onClick: onEdit }}
          remove={{ label: t('catalog.actions.deleteItem', { name }), onClick: onDelete }}
        />
      </div>
    </TD>
  );
}
