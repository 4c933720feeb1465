import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import type { DemoCore } from './core.ts';

/** The History rows of the demo's offers: created, submitted, decided (their states as words). */
const offerRows = (businessId: number) => sql`
    SELECT ${businessId}::int, o.created_by, 'offer.create', 'offer', o.id::text,
           CASE o.kind WHEN 'MONEY' THEN 'Pul' ELSE 'Mahsulot' END || ' taklifi #' || o.id || ' yaratildi: '
             || f.email || ' -> ' || t.email || ': ' || o.reason, '10.0.0.12', o.created_at,
           jsonb_build_object('key', CASE o.kind WHEN 'MONEY' THEN 'audit.offers.money_offer_created'
                   ELSE 'audit.offers.product_offer_created' END,
                   'values', jsonb_build_object('offerId', o.id, 'from', f.email, 'to', t.email, 'reason', o.reason))
    FROM offers o JOIN users f ON f.id = o.from_user_id JOIN users t ON t.id = o.to_user_id
    WHERE o.business_id = ${businessId}
    UNION ALL
    SELECT ${businessId}::int, o.created_by, 'offer.submit', 'offer', o.id::text,
           'Taklif #' || o.id || ': DRAFT -> PENDING', '10.0.0.12',
           coalesce(o.submitted_at, o.created_at + interval '5 minutes'),
           jsonb_build_object('key', 'audit.offers.status_changed',
                   'values', jsonb_build_object('id', o.id, 'status', jsonb_build_object('key', 'export.offers.draft'),
                                                'to', jsonb_build_object('key', 'export.offers.pending')))
    FROM offers o WHERE o.business_id = ${businessId} AND o.status <> 'DRAFT'
    UNION ALL
    SELECT ${businessId}::int, coalesce(o.decided_by, o.created_by), 'offer.' || CASE o.status
             WHEN 'APPROVED' THEN 'approve' WHEN 'REJECTED' THEN 'reject' ELSE 'cancel' END,
           'offer', o.id::text, 'Taklif #' || o.id || ': '
             || CASE WHEN o.submitted_at IS NULL THEN 'DRAFT' ELSE 'PENDING' END || ' -> ' || o.status, '10.0.0.14', coalesce(o.decided_at, o.created_at + interval '2 hours'),
           jsonb_build_object('key', 'audit.offers.status_changed', 'values', jsonb_build_object('id', o.id,
                   'status', jsonb_build_object('key', CASE WHEN o.submitted_at IS NULL THEN 'export.offers.draft'
                                                            ELSE 'export.offers.pending' END),
                   'to', jsonb_build_object('key', CASE o.status WHEN 'APPROVED' THEN 'export.offers.approved'
                   WHEN 'REJECTED' THEN 'export.offers.rejected' ELSE 'export.offers.canceled' END)))
    FROM offers o WHERE o.business_id = ${businessId} AND o.status IN ('APPROVED', 'REJECTED', 'CANCELED')
`;

/**
 * The demo business's History (DESIGN.md section 10): the audit rows its seeded offers, stock
 * entries and exits, cash transactions, counterparties and debts would have written, at their
 * own times, plus a month of sign-ins, so the History page has pages to turn for every role.
 */
export async function seedHistory(db: Database, core: DemoCore): Promise<void> {
  const businessId = core.businessId;
  // Each row keeps its message too (DESIGN.md section 15), so History reads in every language.
  await sql`
    INSERT INTO audit_log (business_id, actor_id, action, entity, entity_id, summary, ip, created_at,
                           summary_message)
    ${offerRows(businessId)}
    UNION ALL
    SELECT ${businessId}::int, e.created_by, 'stock_entry.create', 'stock_entry', e.id::text,
           e.type || ': ' || v.sku || ', ' || e.qty_received::text || ' x ' || e.unit_cost::text
             || CASE WHEN e.location <> '' THEN ' (' || e.location || ')' ELSE '' END,
           '10.0.0.21', e.created_at, NULL
    FROM stock_entries e JOIN variants v ON v.id = e.variant_id WHERE e.business_id = ${businessId}
    UNION ALL
    SELECT ${businessId}::int, x.created_by, 'stock_exit.create', 'stock_exit', x.id::text,
           x.type || ': ' || v.sku || ', ' || x.qty_issued::text
             || CASE WHEN x.location <> '' THEN ' (' || x.location || ')' ELSE '' END,
           '10.0.0.22', x.created_at, NULL
    FROM stock_exits x JOIN variants v ON v.id = x.variant_id WHERE x.business_id = ${businessId}
    UNION ALL
    SELECT ${businessId}::int, m.user_id, CASE WHEN m.amount > 0 THEN 'external.income' ELSE 'external.expense' END,
           'money_transaction', m.id::text,
           CASE WHEN m.amount > 0 THEN 'Tashqi kirim: ' ELSE 'Tashqi chiqim: ' END
             || abs(m.amount)::text || ' ' || c.code || ': ' || m.reason,
           '10.0.0.11', m.created_at,
           jsonb_build_object('key', CASE WHEN m.amount > 0 THEN 'audit.finance.incoming_external' ELSE 'audit.finance.outgoing_external' END,
                   'values', jsonb_build_object('fixedMoney', abs(m.amount)::text, 'code', c.code, 'reason_text', m.reason))
    FROM money_transactions m JOIN currencies c ON c.id = m.currency_id
    WHERE m.business_id = ${businessId} AND m.tx_type = 'EXTERNAL'
    UNION ALL
    SELECT ${businessId}::int, cp.created_by, 'counterparty.create', 'counterparty', cp.id::text,
           'Kontragent qo''shildi: ' || cp.name, '10.0.0.23', cp.created_at,
           jsonb_build_object('key', 'audit.debts.counterparty_added', 'values', jsonb_build_object('name', cp.name))
    FROM counterparties cp WHERE cp.business_id = ${businessId}
    UNION ALL
    SELECT ${businessId}::int, d.created_by, 'debt.create', 'debt', d.id::text,
           CASE d.direction WHEN 'RECEIVABLE' THEN 'Nasiya (bizdan qarz): ' ELSE 'Nasiya (bizning qarz): ' END
             || d.amount::text || coalesce(', muddat ' || d.due_date::text, ''),
           '10.0.0.23', d.created_at,
           jsonb_build_object('key', CASE WHEN d.direction = 'RECEIVABLE' THEN 'audit.debts.on_credit_owed_us'
                        ELSE 'audit.debts.on_credit_we_owe' END || CASE WHEN d.due_date IS NULL THEN '' ELSE '_due' END,
                   'values', jsonb_build_object('amount', d.amount::text, 'due', d.due_date::text))
    FROM debts d WHERE d.business_id = ${businessId}
    UNION ALL
    SELECT ${businessId}::int, p.created_by, 'debt.payment', 'debt', d.id::text,
           'Qarz to''lovi: ' || p.amount::text || ' ' || c.code || ' (' || cp.name || ')', '10.0.0.23', p.created_at,
           jsonb_build_object('key', 'audit.debts.debt_payment', 'values', jsonb_build_object('fixedMoney', p.amount::text,
                   'currency_code', c.code, 'counterparty_name', cp.name))
    FROM debt_payments p JOIN debts d ON d.id = p.debt_id JOIN currencies c ON c.id = d.currency_id
    JOIN counterparties cp ON cp.id = d.counterparty_id WHERE d.business_id = ${businessId}`.execute(db);
  await seedSignIns(db, businessId);
  // The users page's last sign-in agrees with those rows.
  await sql`
    UPDATE users u SET last_login_at = (SELECT max(a.created_at) FROM audit_log a
                                        WHERE a.actor_id = u.id AND a.action = 'auth.login')
    WHERE u.business_id = ${businessId}`.execute(db);
}

/** A month of sign-ins for every user of the demo business, a History row each. */
async function seedSignIns(db: Database, businessId: number): Promise<void> {
  await sql`
    INSERT INTO audit_log (business_id, actor_id, action, entity, entity_id, summary, ip, created_at,
                           summary_message)
    SELECT ${businessId}::int, u.id, 'auth.login', 'user', u.id::text, 'Tizimga kirdi', '10.0.0.' || (10 + u.id % 20),
           date_trunc('day', now()) - d * interval '1 day' + interval '4 hours' + (u.id % 7) * interval '13 minutes',
           jsonb_build_object('key', 'audit.auth.signed_in', 'values', '{}'::jsonb)
    FROM users u CROSS JOIN generate_series(1, 30) d WHERE u.business_id = ${businessId}`.execute(db);
}
