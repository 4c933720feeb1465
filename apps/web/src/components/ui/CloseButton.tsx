import { X } from 'lucide-react';

/** Where the × sits: a field's chosen value, a dialog's header, the dark mobile menu. */
const looks = {
  field: { button: 'rounded p-0.5 text-slate-400 hover:bg-slate-100 hover:text-slate-700', icon: 'h-4 w-4' },
  dialog: {
    button: '-m-1 rounded-md p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-600',
    icon: 'h-5 w-5',
  },
  dark: { button: 'rounded-md p-2 text-slate-400 hover:bg-white/10 hover:text-white', icon: 'h-5 w-5' },
} as const;

/** The × button that closes or clears what it sits in; `label` is its accessible name. */
export function CloseButton({
  label,
  onClick,
  look,
}: {
  label: string;
  onClick: () => void;
  look: keyof typeof looks;
}) {
  return (
    <button type="button" aria-label={label} onClick={onClick} className={looks[look].button}>
      <X aria-hidden="true" className={looks[look].icon} />
    </button>
  );
}
