import { Pencil, Trash2 } from 'lucide-react';
import { Button } from './ui/Button.tsx';

/** One of a row's icon actions: its accessible name, and a tooltip where the page shows one. */
export interface RowAction {
  label: string;
  title?: string | undefined;
  onClick: () => void;
}

/**
 * A table row's edit and delete as icon buttons (the delete in red, left out when not given); the
 * caller lays them out.
 */
export function EditDeleteButtons({
  edit,
  remove,
  deleteClassName = 'text-red-700',
}: {
  edit: RowAction;
  remove?: RowAction | undefined;
  deleteClassName?: string;
}) {
  return (
    <>
      <Button
        size="icon"
        variant="ghost"
        aria-label={edit.label}
        title={edit.title}
        onClick={edit.onClick}
        icon={<Pencil aria-hidden="true" className="h-4 w-4" />}
      />
      {remove ? (
        <Button
          size="icon"
          variant="ghost"
          className={deleteClassName}
          aria-label={remove.label}
          title={remove.title}
          onClick={remove.onClick}
          icon={<Trash2 aria-hidden="true" className="h-4 w-4" />}
        />
      ) : null}
    </>
  );
}
