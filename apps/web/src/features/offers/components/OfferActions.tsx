import type { Offer, OfferAction } from '@app/shared';
import { MessageSquare } from 'lucide-react';
import { generatePath, Link } from 'react-router';
import { Badge, type BadgeTone } from '../../../components/ui/Badge.tsx';
import { Button, buttonClasses } from '../../../components/ui/Button.tsx';
import { paths } from '../../../config/paths.ts';
import type { MessageKey } from '../../../i18n/catalogue.ts';
import { useT } from '../../../i18n/useT.ts';
import { offerRowView } from '../offer-rules.ts';

export const STATUS_TONES: Record<Offer['status'], BadgeTone> = {
  DRAFT: 'gray',
  PENDING: 'amber',
  APPROVED: 'emerald',
  REJECTED: 'red',
  CANCELED: 'gray',
};

const ACTION_LABELS: Record<OfferAction, MessageKey> = {
  submit: 'offers.action.submit',
  delete: 'offers.action.delete',
  cancel: 'offers.action.cancel',
  approve: 'offers.action.approve',
  reject: 'offers.action.reject',
};

export interface OfferActionsProps {
  offer: Offer;
  me: number | undefined;
  busy: boolean;
  onAction: (offer: Offer, action: OfferAction) => void;
}

/** The buttons or the label of spec.md section 4 for one offer, as its row and its page show them. */
export function OfferActions({ offer, me, busy, onAction }: OfferActionsProps) {
  const t = useT();
  const view = offerRowView(offer, me);
  if (view.kind === 'none') return null;
  if (view.kind === 'label') {
    return <Badge tone={view.text === 'offers.row.approved' ? 'emerald' : 'blue'}>{t(view.text)}</Badge>;
  }
  return (
    <div className="flex gap-1.5">
      {view.actions.map((action) => (
        <Button
          key={action}
          size="sm"
          variant={
            action === 'approve' || action === 'submit'
              ? 'primary'
              : action === 'reject' || action === 'delete'
                ? 'danger'
                : 'secondary'
          }
          disabled={busy}
          onClick={() => onAction(offer, action)}
        >
          {t(ACTION_LABELS[action])}
        </Button>
      ))}
    </div>
  );
}

/**
 * "Xabar" (DESIGN.md section 13): the offer's thread between its two parties, in the chat. A link
 * (the chat looks the thread up by the offer), so it opens in a new tab too; not one of the state
 * actions of spec.md section 4. `compact`: the icon alone (a table row), named "Xabar" all the same.
 */
export function OfferChatLink({ offerId, compact = false }: { offerId: number; compact?: boolean }) {
  const t = useT();
  return (
    <Link
      to={generatePath(paths.offerChat, { offerId: String(offerId) })}
      aria-label={compact ? t('offers.chatLink.label') : undefined}
      title={t('offers.chatLink.title', { id: String(offerId) })}
      className={compact ? buttonClasses('secondary', 'icon', 'h-8 w-8') : buttonClasses('secondary', 'md')}
    >
      <MessageSquare aria-hidden="true" className="h-4 w-4" />
      {compact ? null : t('offers.chatLink.label')}
    </Link>
  );
}
