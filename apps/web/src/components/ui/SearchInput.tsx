import { Search } from 'lucide-react';
import { Input, type InputProps } from './Input.tsx';

/** A list's search box: a labelled search input with the magnifier at its right edge; `onText` gets what is typed. */
export function SearchInput({
  onText,
  ...input
}: Omit<InputProps, 'type' | 'trailing' | 'onChange'> & { onText: (text: string) => void }) {
  return (
    <Input
      type="search"
      {...input}
      onChange={(e) => onText(e.target.value)}
      trailing={<Search aria-hidden="true" className="mr-2 h-4 w-4 text-slate-400" />}
    />
  );
}
