import { Paperclip } from 'lucide-react';
import { useId } from 'react';
import { useT } from '../../i18n/useT.ts';
import { buttonClasses } from './Button.tsx';

/**
 * A file field in the page's language: the browser's own button says "Choose File" in the
 * browser's language, so the input is hidden behind a button of ours and the chosen name.
 */
export function FileInput({
  label,
  accept,
  file,
  onFile,
}: {
  label: string;
  accept: string;
  file: File | null;
  onFile: (file: File | null) => void;
}) {
  const t = useT();
  const id = useId();
  return (
    <div className="space-y-1">
      <span id={`${id}-label`} className="block text-sm font-medium text-slate-700">
        {label}
      </span>
      <div className="flex flex-wrap items-center gap-3">
        <label
          className={buttonClasses(
            'secondary',
            'md',
            'cursor-pointer focus-within:ring-2 focus-within:ring-blue-500',
          )}
        >
          <Paperclip className="size-4" aria-hidden />
          {t('common.file.choose')}
          <input
            type="file"
            accept={accept}
            aria-labelledby={`${id}-label`}
            className="sr-only"
            onChange={(e) => onFile(e.target.files?.[0] ?? null)}
          />
        </label>
        <span className="text-sm text-slate-600">{file?.name ?? t('common.file.none')}</span>
      </div>
    </div>
  );
}
