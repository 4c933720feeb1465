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

/**
 * The page could not download its texts (offline, or a new version replaced the files it asked
 * for): no catalogue is loaded, so it says so in Uzbek and Russian, the languages the businesses
 * share, and offers a reload.
 */
export function BootFailedScreen() {
  return (
    <div
      role="alert"
      className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-slate-50 p-6 text-center"
    >
      <p className="text-slate-700">
        Sahifani yuklab bo'lmadi. Internetni tekshirib, qayta yuklang.
        <br />
        Не удалось загрузить страницу. Проверьте интернет и обновите её.
      </p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-medium text-white hover:bg-brand-800"
      >
        Qayta yuklash / Обновить
      </button>
    </div>
  );
}
