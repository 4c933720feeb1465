import type { OfferKind, OfferStatus, UserRef } from '@app/shared';
import type { Generated } from 'kysely';
import type { Numeric } from './core.ts';

/** Kysely types of migrations/0003_offers.sql (and the offer_views view of 0010). */
export interface OffersTables {
  /** Global rows (0003, the rate renamed by 0013: only what a new business starts with). */
  currencies: {
    id: Generated<number>;
    code: string;
    name: string;
    opening_rate_to_uzs: Numeric;
    updated_at: Generated<Date>;
  };
  offers: {
    id: Generated<number>;
    business_id: number;
    kind: OfferKind;
    status: Generated<OfferStatus>;
    created_by: number;
    from_user_id: number;
    to_user_id: number;
    reason: string;
    created_at: Generated<Date>;
    submitted_at: Date | null;
    decided_at: Date | null;
    decided_by: number | null;
  };
  offer_money_lines: {
    id: Generated<number>;
    business_id: number;
    offer_id: number;
    currency_id: number;
    amount: Numeric;
  };
  offer_item_lines: {
    id: Generated<number>;
    business_id: number;
    offer_id: number;
    variant_id: number;
    quantity: Numeric;
  };
  /** Read only: an offer with its lines and parties as JSON (amounts and quantities as text). */
  offer_views: {
    id: number;
    business_id: number;
    kind: OfferKind;
    status: OfferStatus;
    created_by: number;
    from_user_id: number;
    to_user_id: number;
    reason: string;
    created_at: Date;
    submitted_at: Date | null;
    decided_at: Date | null;
    money_lines: Array<{ currency_id: number; code: string; amount: string }>;
    item_lines: Array<{ variant_id: number; quantity: string; lost: string; loss_reason: string | null }>;
    creator: UserRef | null;
    from_user: UserRef | null;
    to_user: UserRef | null;
  };
}
