import type { Offer, OfferReceivedLine } from '@app/shared';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { Input } from '../../../components/ui/Input.tsx';
import { UNIT_LABELS, useQuantityText } from '../../../i18n/unit-labels.ts';
import { useT } from '../../../i18n/useT.ts';
import { draftErrors, initialDraft, isShort, type ReceivedDraft, receivedBody } from '../received-rules.ts';

export interface ReceivedFormProps {
  offer: Offer;
  busy: boolean;
  /** Field errors of the server's answer, by `received.N.qty` / `received.N.reason_text`. */
  serverErrors: Record<string, string>;
  onApprove: (received: OfferReceivedLine[]) => void;
  onClose: () => void;
}

/**
 * DESIGN.md section 20: the receiver approves a product offer stating what arrived of each line
 * (all of it by default); a line short of what was sent needs a reason, and the rest is written
 * off from the sender as a transit loss.
 */
export function ReceivedForm({ offer, busy, serverErrors, onApprove, onClose }: ReceivedFormProps) {
  const t = useT();
  const quantity = useQuantityText();
  const [lines, setLines] = useState<ReceivedDraft[]>(() => initialDraft(offer));
  const [checked, setChecked] = useState(false);
  const errors = checked ? draftErrors(lines) : {};
  const change = (i: number, patch: Partial<ReceivedDraft>) =>
    setLines((all) => all.map((line, j) => (j === i ? { ...line, ...patch } : line)));
  // The server's errors are indexed by the lines it was sent: the short ones, in order.
  const sentIndex = new Map(lines.filter(isShort).map((line, k) => [line.variant, k]));
  const serverError = (line: ReceivedDraft, field: 'qty' | 'reason_text') => {
    const k = sentIndex.get(line.variant);
    return k === undefined ? undefined : serverErrors[`received.${k}.${field}`];
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    setChecked(true);
    if (Object.keys(draftErrors(lines)).length > 0) return;
    onApprove(receivedBody(lines));
  }

  return (
    <form className="w-full space-y-4" onSubmit={submit} noValidate data-testid="received-form">
      <p className="text-sm text-slate-600">{t('offers.received.hint')}</p>
      <ul className="space-y-3">
        {offer.item_lines.map((item, i) => {
          const line = lines[i] as ReceivedDraft;
          const unit = item.variant.unit;
          return (
            <li
              key={item.variant.id}
              className="rounded-lg border border-slate-200 p-3"
              data-testid="received-line"
            >
              <div className="text-sm font-medium text-slate-900 wrap-anywhere">
                {item.variant.label} ({item.variant.sku})
              </div>
              <div className="mb-2 text-xs text-slate-500">
                {t('offers.received.sent')}:{' '}
                <span className="tabular-nums">{quantity(item.quantity, unit)}</span>
              </div>
              <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
                <Input
                  label={t('offers.received.received')}
                  inputMode="decimal"
                  value={line.qty}
                  onChange={(e) => change(i, { qty: e.target.value })}
                  trailing={<span className="text-xs text-slate-500">{t(UNIT_LABELS[unit])}</span>}
                  error={errors[i]?.qty ? t(errors[i].qty) : serverError(line, 'qty')}
                  name={`received-${item.variant.id}`}
                />
                {isShort(line) ? (
                  <Input
                    label={t('offers.received.reason')}
                    placeholder={t('offers.received.reasonPlaceholder')}
                    value={line.reason}
                    maxLength={500}
                    onChange={(e) => change(i, { reason: e.target.value })}
                    error={errors[i]?.reason ? t(errors[i].reason) : serverError(line, 'reason_text')}
                    name={`reason-${item.variant.id}`}
                  />
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={busy} disabled={busy}>
          {t('offers.action.approve')}
        </Button>
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          {t('offers.received.close')}
        </Button>
      </div>
    </form>
  );
}
