import type { DocumentKind } from '@app/shared';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../lib/context.ts';
import type { CashRow, HeaderRow, LineRow, LineValues } from './documents.repository.ts';

// One kind of document on the skeleton (DESIGN.md section 19): what differs between a sale, a
// purchase and the kinds to come is here; numbering, locking, states, idempotency, audit and
// events are the skeleton's (documents.service.ts), once for all.

export type Trx = Transaction<DB>;

/** A document as its posting and reversal read it, under the header's lock. */
export interface LoadedDocument {
  header: HeaderRow;
  lines: LineRow[];
  cash: CashRow[];
}

/** A line as a body gives it, after the kind's schema. */
export interface HeaderContext {
  businessId: number;
  counterpartyId: number | null;
  currencyId: number;
}

export interface KindConfig<Line> {
  kind: DocumentKind;
  /** The audit entity and the actions' prefix: `sale.post`. */
  entity: 'sale' | 'purchase';
  /** Whether a role writes this kind: its fixed role, or one the business allows (DESIGN.md section 19). */
  mayWrite(
    role: string,
    allowed: { sale_roles: readonly string[]; purchase_roles: readonly string[] },
  ): boolean;
  /** The body's lines as stored: prices resolved, amounts computed, each error on its line. */
  lines(trx: Trx, context: HeaderContext, lines: readonly Line[]): Promise<LineValues[]>;
  /** Writes the ledger rows; answers what the header keeps of the payment. */
  post(trx: Trx, actor: Actor, doc: LoadedDocument): Promise<{ changeUzs: string; onCredit: string }>;
  /** Writes the opposite rows. */
  reverse(trx: Trx, actor: Actor, doc: LoadedDocument): Promise<void>;
}
