/** A statement let through: the server file it comes from, the table it names, and why. */
export interface AllowedStatement {
  file: string;
  table: string;
  /**
   * `routing`: finds the business before any is known (a sign-in by e-mail, a token by its hash);
   * `all-businesses`: a job over every business by design.
   */
  kind: 'routing' | 'all-businesses';
  reason: string;
}

/**
 * The statements the tenant guard (test/tenant-guard.ts) lets through without business_id, one a
 * line: the server file (relative to apps/server/src) | the table it names | its kind | why.
 * Each stays by design (docs/scaling.md says how each runs once sharded); every other statement
 * on a business's rows names its business.
 */
const LIST = `
db/row-queries.ts | invitations | routing | an invitation is ended or checked by its token hash, or with its user's, before a business is known (sign-in paths)
db/row-queries.ts | password_reset_tokens | routing | a reset token is checked by its hash before a business is known
db/row-queries.ts | refresh_tokens | routing | a refresh token's family is rotated or ended by its hash or family (sign-out, reuse detection) before a business is known
lib/events.ts | event_views | all-businesses | the process's one listener reads newly committed events of every business by id (DESIGN.md section 13)
lib/events.ts | events | all-businesses | the listener's catch-up (the highest id) and the day-old events' cleanup run over every business
modules/auth/auth.repository.ts | invitations | routing | an invitation is found by its token hash before a business is known
modules/auth/auth.repository.ts | password_reset_tokens | routing | a reset token is found by its hash before a business is known
modules/auth/auth.repository.ts | refresh_tokens | routing | a refresh token is found by its hash before a business is known
modules/auth/auth.repository.ts | users | routing | sign-in finds the user by e-mail, and a refreshed or confirmed session its user by id, before a business is known
modules/telegram/telegram.repository.ts | telegram_link_codes | routing | a Telegram link code is found by its hash from a chat that has no business yet
modules/telegram/telegram.repository.ts | users | routing | a Telegram chat finds its user by chat id (unique across businesses) before a business is known
modules/users/admin-users.service.ts | users | routing | an e-mail is unique across businesses (users_email_unique): the check reads every business's users (docs/scaling.md: the logins table)
modules/notifications/notifications.repository.ts | debts | all-businesses | the daily overdue-debts job reads every business's debts past due (DESIGN.md section 13)
modules/notifications/notifications.repository.ts | counterparties | all-businesses | the daily overdue-debts job joins each overdue debt's counterparty
modules/notifications/notifications.repository.ts | users | all-businesses | the daily overdue-debts job joins each overdue debt's department
modules/notifications/notifications.repository.ts | notifications | all-businesses | delivery by e-mail and Telegram claims undelivered notifications of every business, and the overdue-debts job skips those told
`;

export const TENANT_GUARD_ALLOWED: readonly AllowedStatement[] = LIST.trim()
  .split('\n')
  .map((line) => {
    const [file = '', table = '', kind = '', reason = ''] = line.split(' | ');
    if (kind !== 'routing' && kind !== 'all-businesses') throw new Error(`bad kind: ${line}`);
    return { file, table, kind, reason };
  });
