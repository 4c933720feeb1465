import { Clock, CloudOff } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button.tsx';
import { useT } from '../../../i18n/useT.ts';
import { SALE_KIND } from '../kinds.ts';
import type { OfflineCounter } from '../offline/use-offline-counter.ts';
import { Money } from './DocumentBits.tsx';

/**
 * The counter's offline line (DESIGN.md section 23): "Internet yo'q — sotuv navbatga qo'yiladi"
 * without a connection, how many sales wait to be sent, and the sales the server refused (each
 * back as a draft, with the reason).
 */
export function OfflineStatus({ offline }: { offline: OfflineCounter }) {
  const t = useT();
  return (
    <>
      {!offline.online || offline.waiting > 0 ? (
        <div
          role="status"
          data-testid="offline-status"
          className={
            offline.online
              ? 'flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700'
              : 'flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900'
          }
        >
          {offline.online ? null : (
            <span className="flex items-center gap-2 font-semibold">
              <CloudOff aria-hidden="true" className="h-4 w-4 shrink-0" />
              {t('documents.offline.banner')}
            </span>
          )}
          {offline.waiting > 0 ? (
            <span className="flex items-center gap-2" data-testid="offline-waiting">
              <Clock aria-hidden="true" className="h-4 w-4 shrink-0" />
              {t('documents.offline.waiting', { count: offline.waiting })}
            </span>
          ) : null}
        </div>
      ) : null}
      {offline.returned.length > 0 ? <ReturnedSales offline={offline} /> : null}
    </>
  );
}

function ReturnedSales({ offline }: { offline: OfflineCounter }) {
  const t = useT();
  return (
    <section
      className="space-y-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm"
      aria-label={t('documents.offline.returnedTitle')}
      data-testid="offline-returned"
    >
      <h2 className="font-semibold text-red-800">{t('documents.offline.returnedTitle')}</h2>
      <ul className="space-y-2">
        {offline.returned.map((sale) => (
          <li key={sale.key} className="flex flex-wrap items-start gap-2 rounded-md bg-white p-2">
            <div className="min-w-0 flex-1 space-y-0.5">
              <p className="font-medium text-slate-900">
                {sale.draft ? (
                  <Link to={SALE_KIND.cardPath(sale.draft.id)} className="text-brand-700 hover:underline">
                    {t('documents.offline.returnedDraft', { number: sale.draft.number })}
                  </Link>
                ) : (
                  t('documents.offline.returnedKept')
                )}{' '}
                · <Money value={sale.total} code={sale.currency_code} />
              </p>
              <p className="text-red-800">{sale.reason}</p>
            </div>
            <Button size="sm" variant="secondary" onClick={() => void offline.dismiss(sale.key)}>
              {t('documents.offline.dismiss')}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
