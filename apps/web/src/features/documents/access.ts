import { ADMIN_ROLES, type Role, seesWholeBusiness, type WhoAmI } from '@app/shared';
import type { DocumentKindConfig } from './kinds.ts';

// Who may do what with documents (DESIGN.md section 19). The server decides; these only choose
// which buttons to show.

/**
 * Whether the user writes documents of this kind: who-am-I's `can_sell` / `can_buy`, the
 * server's one definition (the kind's fixed role, or one the business allows in its settings).
 */
export function mayUseDocuments(user: WhoAmI | undefined, kind: Pick<DocumentKindConfig, 'writes'>): boolean {
  return user !== undefined && kind.writes(user);
}

/** Owner, admin and manager read every department's documents (read-only unless they also write). */
export function readsAllDocuments(user: WhoAmI | undefined): boolean {
  return seesWholeBusiness(user?.role);
}

/** A list or card of this kind is the user's to see: its writers and the whole business's viewers. */
export function maySeeDocuments(user: WhoAmI | undefined, kind: Pick<DocumentKindConfig, 'writes'>): boolean {
  return mayUseDocuments(user, kind) || readsAllDocuments(user);
}

/** A posted document is reversed by its department or an administrator (Owner, admin). */
export function mayReverse(user: WhoAmI | undefined, departmentId: number): boolean {
  return user !== undefined && (user.id === departmentId || ADMIN_ROLES.includes(user.role as Role));
}

/** A draft is changed, deleted and posted by its own department only. */
export function mayEditDraft(user: WhoAmI | undefined, departmentId: number): boolean {
  return user !== undefined && user.id === departmentId;
}

/**
 * A posted sale or purchase is returned (DESIGN.md section 20) by its own department, which
 * writes its kind; the server refuses anyone else (403), so the action is not offered them.
 */
export function mayReturn(
  user: WhoAmI | undefined,
  kind: Pick<DocumentKindConfig, 'writes' | 'returnPath'>,
  departmentId: number,
): boolean {
  return kind.returnPath !== null && mayEditDraft(user, departmentId) && mayUseDocuments(user, kind);
}
