import { D, type Offer } from '@app/shared';
import { useQuantityText } from '../../../i18n/unit-labels.ts';
import { useT } from '../../../i18n/useT.ts';

/**
 * A product offer's lines on its card: what was sent and, once approved, what arrived and what was
 * lost on the way with its reason (DESIGN.md section 20), the same for both departments.
 */
export function OfferItemLines({ offer }: { offer: Offer }) {
  const t = useT();
  const quantity = useQuantityText();
  const approved = offer.status === 'APPROVED';
  return (
    <>
      {offer.item_lines.map((l) => {
        const lost = new D(l.lost).gt(0);
        return (
          <div key={`i${l.variant.id}`} className="py-0.5" data-testid="offer-line">
            {l.variant.label} ({l.variant.sku}):{' '}
            <span className="font-medium tabular-nums" data-testid="offer-line-qty">
              {quantity(l.quantity, l.variant.unit)}
            </span>
            {approved && lost ? (
              <div className="mt-1 grid gap-0.5 text-xs text-slate-600" data-testid="offer-line-loss">
                <span>
                  {t('offers.received.sent')}:{' '}
                  <span className="tabular-nums">{quantity(l.quantity, l.variant.unit)}</span>
                  {' · '}
                  {t('offers.received.received')}:{' '}
                  <span className="tabular-nums">{quantity(l.received ?? '0', l.variant.unit)}</span>
                  {' · '}
                  <span className="font-medium text-red-700">
                    {t('offers.received.lost')}:{' '}
                    <span className="tabular-nums">{quantity(l.lost, l.variant.unit)}</span>
                  </span>
                </span>
                <span className="wrap-anywhere">
                  {t('offers.received.reason')}: {l.loss_reason}
                </span>
              </div>
            ) : null}
          </div>
        );
      })}
    </>
  );
}
