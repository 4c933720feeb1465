import type { DocumentKind } from '@app/shared';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Actor, Deps } from '../../lib/context.ts';
import type { CashRow, HeaderRow, HeaderValues, LineRow, LineValues } from './documents.repository.ts';

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

export type DocDeps = Pick<Deps, 'db' | 'clock'>;

/** A draft as stored: its header, lines and cash. */
export interface Draft {
  header: HeaderValues;
  /** The department whose stock it moves, when not the actor (a stock count the Owner starts). */
  departmentId?: number;
  lines: LineValues[];
  cash: Array<{ currency_id: number; amount: string }>;
}

/** A draft being changed, as it is stored. */
export type PriorDraft = LoadedDocument;

/** A kind's body after its schema; `Partial` in a draft's change. */
export interface KindConfig<Body> {
  kind: DocumentKind;
  /** The audit entity and the actions' prefix: `sale.post`. */
  entity: 'sale' | 'purchase' | 'return' | 'production' | 'stock_count';
  /** Whether the Owner and admins change, post and delete any department's documents of this kind. */
  adminsActForDepartments?: boolean;
  /** Whether a role writes this kind: its fixed role, or one the business allows (DESIGN.md section 19). */
  mayWrite(
    role: string,
    allowed: { sale_roles: readonly string[]; purchase_roles: readonly string[] },
  ): boolean;
  /**
   * How a body becomes a draft, every reference checked within the business; a change gives only
   * what changes (the rest is `prior`'s). Sales and purchases share `pricedDraft` (document-draft.ts).
   */
  draft(trx: Trx, deps: DocDeps, actor: Actor, body: Partial<Body>, prior: PriorDraft | null): Promise<Draft>;
  /** Writes the ledger rows; answers what the header keeps of the payment. */
  post(trx: Trx, actor: Actor, doc: LoadedDocument): Promise<{ changeUzs: string; onCredit: string }>;
  /** Writes the opposite rows. */
  reverse(trx: Trx, actor: Actor, doc: LoadedDocument): Promise<void>;
}
