import { LoadingText } from '../components/ui/Spinner.tsx';

/** A neutral screen while the load-time refresh decides whether someone is signed in. */
export function BootScreen() {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-slate-50">
      <LoadingText className="sr-only">Loading...</LoadingText>
      <div
        aria-hidden="true"
        className="h-8 w-8 rounded-full border-2 border-slate-200 border-t-brand-700 motion-safe:animate-spin"
      />
    </div>
  );
}
