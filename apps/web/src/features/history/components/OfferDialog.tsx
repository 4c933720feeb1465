import { formatMoneyFixed, formatQuantity } from '@app/shared';
import { ErrorMessage } from '../../../components/ui/ErrorMessage.tsx';
import { Modal } from '../../../components/ui/Modal.tsx';
import { LoadingText } from '../../../components/ui/Spinner.tsx';
import { OFFER_STATUS_LABELS } from '../../../i18n/offer-status-labels.ts';
import { useT } from '../../../i18n/useT.ts';
import { errorDetail, isNotFound } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useOffer } from '../api/audit.ts';

const person = (u: { email: string; first_name: string; last_name: string }) =>
  `${u.first_name} ${u.last_name}`.trim() || u.email;

/** A history row's offer, opened from its link (DESIGN.md section 10). */
export function OfferDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const t = useT();
  const offer = useOffer(id);
  return (
    <Modal open={id !== null} onClose={onClose} title={t('history.offer.title', { id: id ?? '' })}>
      {offer.isPending ? (
        <LoadingText />
      ) : offer.isError ? (
        <ErrorMessage>
          {isNotFound(offer.error)
            ? t('history.offer.partiesOnly')
            : (errorDetail(offer.error) ?? t('history.offer.loadFailed'))}
        </ErrorMessage>
      ) : (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-slate-500">{t('history.offer.status')}</dt>
          <dd className="font-medium">{t(OFFER_STATUS_LABELS[offer.data.status])}</dd>
          <dt className="text-slate-500">{t('history.offer.from')}</dt>
          <dd>{person(offer.data.from_user)}</dd>
          <dt className="text-slate-500">{t('history.offer.to')}</dt>
          <dd>{person(offer.data.to_user)}</dd>
          <dt className="text-slate-500">{t('history.offer.lines')}</dt>
          <dd>
            {offer.data.money_lines.map((l) => (
              <div key={`m${l.currency}`}>
                {formatMoneyFixed(l.amount)} {l.currency_code}
              </div>
            ))}
            {offer.data.item_lines.map((l) => (
              <div key={`i${l.variant.id}`}>
                {l.variant.label} ({l.variant.sku}): {formatQuantity(l.quantity)}
              </div>
            ))}
          </dd>
          <dt className="text-slate-500">{t('history.offer.reason')}</dt>
          <dd>{offer.data.reason}</dd>
          <dt className="text-slate-500">{t('history.offer.createdAt')}</dt>
          <dd>{formatDateTime(offer.data.created_at)}</dd>
        </dl>
      )}
    </Modal>
  );
}
