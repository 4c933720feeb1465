import type { Generated } from 'kysely';
import type { Numeric } from './core.ts';

/** Kysely types of migrations/0003_offers.sql. */
export interface OffersTables {
  currencies: { id: number; code: string; name: string; rate_to_uzs: Numeric; updated_at: Generated<Date> };
  offers: {
    id: Generated<number>;
    business_id: number;
    kind: 'MONEY' | 'PRODUCT';
    status: Generated<'DRAFT' | 'PENDING' | 'APPROVED' | 'REJECTED' | 'CANCELED'>;
    created_by: number;
    from_user_id: number;
    to_user_id: number;
    reason: string;
    created_at: Generated<Date>;
    submitted_at: Date | null;
    decided_at: Date | null;
    decided_by: number | null;
  };
  offer_money_lines: { id: Generated<number>; offer_id: number; currency_id: number; amount: Numeric };
  offer_item_lines: { id: Generated<number>; offer_id: number; variant_id: number; quantity: Numeric };
}
