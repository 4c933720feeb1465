import { cn } from '../../lib/cn.ts';

/**
 * The dimmed layer behind a dialog or the mobile menu; a click on it closes what it is behind. It is
 * a sibling of the panel, so a click inside the panel never reaches it.
 */
export function Backdrop({
  testId,
  dark = false,
  onClose,
}: {
  testId: string;
  dark?: boolean;
  onClose: () => void;
}) {
  return (
    <div
      data-testid={testId}
      aria-hidden="true"
      className={cn(
        'absolute inset-0 motion-safe:animate-fade-in',
        dark ? 'bg-slate-900/60' : 'bg-slate-900/50',
      )}
      onClick={onClose}
    />
  );
}
