import type { Offer } from '@app/shared';
import type { MessageKey } from './catalogue.ts';

/** Each offer status's name on screen: the offers' tables and History's offer dialog. */
export const OFFER_STATUS_LABELS: Record<Offer['status'], MessageKey> = {
  DRAFT: 'offers.status.draft',
  PENDING: 'offers.status.pending',
  APPROVED: 'offers.status.approved',
  REJECTED: 'offers.status.rejected',
  CANCELED: 'offers.status.canceled',
};
