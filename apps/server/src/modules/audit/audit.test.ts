import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../test/client.ts';
import { signInOutsider, startWithUsers } from '../../../test/harness.ts';
import { fund, moneyOfferBody, USD } from '../finance/finance.fixtures.ts';

// GET audit/ (DESIGN.md section 10): who sees which rows, every filter, the pages and the CSV.

const ROLES = ['Owner', 'manager', 'Kassir', 'Omborchi', 'Bozorchi'] as const;
const { t, as, users, businessId } = await startWithUsers(ROLES);
afterAll(() => t.close());
const outsider = (await signInOutsider(t)).client;
let offerId: number;

beforeAll(async () => {
  await fund(t.db, users.Kassir, USD, '100');
  // The Kassir sends money to the manager: rows about an offer both are party to.
  const body = moneyOfferBody(users.Kassir, users.manager, '10', 'Oylik avans uchun');
  const offer = await as.Kassir.post('offers/offers/', body);
  offerId = offer.body.id;
  await as.Kassir.post(`offers/offers/${offerId}/submit/`);
  await as.manager.post(`offers/offers/${offerId}/approve/`);
  // The Omborchi writes the catalogue: rows of their own.
  await as.Omborchi.post('catalog/colors/', { name: 'Zangori 100%_', code: '#0088ff' });
});

type Page = {
  count: number;
  next: string | null;
  previous: string | null;
  results: Array<Record<string, any>>;
};
const get = async (client: ApiClient, query = ''): Promise<Page> => {
  const res = await client.get(`audit/${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

describe('who sees what', () => {
  it('viewers of the whole business see every row of their business, with the actor object', async () => {
    for (const viewer of [as.Owner, as.manager]) {
      const page = await get(viewer);
      const actions = page.results.map((r) => r.action);
      expect(actions).toEqual(
        expect.arrayContaining(['offer.create', 'offer.approve', 'catalog.color.create']),
      );
      expect(page.results.every((r) => r.actor === null || typeof r.actor.email === 'string')).toBe(true);
    }
    const approve = (await get(as.Owner, '?action=offer.approve')).results[0];
    expect(approve).toMatchObject({
      actor: { id: users.manager.id, email: users.manager.email, first_name: 'manager', last_name: 'Test' },
      entity: 'offer',
      entity_id: String(offerId),
    });
    expect(approve?.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('others see their own actions and the rows of offers they are a party to', async () => {
    const kassir = await get(as.Kassir);
    // The manager's approval of the Kassir's offer is there; the Omborchi's colour is not.
    expect(kassir.results.map((r) => r.action)).toContain('offer.approve');
    expect(kassir.results.map((r) => r.action)).not.toContain('catalog.color.create');
    const trader = await get(as.Bozorchi);
    expect(trader.results.every((r) => r.actor?.id === users.Bozorchi.id)).toBe(true);
    expect(trader.results.map((r) => r.action)).not.toContain('offer.approve');
    // A filter cannot widen it.
    expect((await get(as.Bozorchi, `?actor=${users.Omborchi.id}`)).count).toBe(0);
  });

  it("never shows another business's rows", async () => {
    const theirs = await get(outsider);
    expect(theirs.results.some((r) => r.entity_id === String(offerId) && r.entity === 'offer')).toBe(false);
    expect((await get(outsider, `?actor=${users.Kassir.id}`)).count).toBe(0);
  });

  it('needs a signed-in user', async () => {
    expect((await new ApiClient(t.url).get('audit/')).status).toBe(401);
  });
});

describe('filters', () => {
  it('by actor, action, entity, entity_id and search (taken literally)', async () => {
    const byActor = await get(as.Owner, `?actor=${users.Omborchi.id}`);
    expect(byActor.results.every((r) => r.actor.id === users.Omborchi.id)).toBe(true);
    const offerRows = await get(as.Owner, `?entity=offer&entity_id=${offerId}`);
    expect(offerRows.results.map((r) => r.action).sort()).toEqual([
      'offer.approve',
      'offer.create',
      'offer.submit',
    ]);
    const search = await get(as.Owner, `?search=${encodeURIComponent('100%_')}`);
    expect(search.results.map((r) => r.action)).toEqual(['catalog.color.create']);
    expect((await get(as.Owner, `?search=${encodeURIComponent('1_0%')}`)).count).toBe(0);
  });

  it('by calendar days in Asia/Tashkent, both ends inclusive', async () => {
    // 2026-03-01 23:30 in Tashkent is 18:30 UTC; 2026-03-02 00:30 there is 19:30 UTC on the 1st.
    await sql`INSERT INTO audit_log (business_id, actor_id, action, entity, summary, created_at) VALUES
      (${businessId}, ${users.Owner.id}, 'test.late', 'test', 'late on the 1st', '2026-03-01T18:30:00Z'),
      (${businessId}, ${users.Owner.id}, 'test.early', 'test', 'early on the 2nd', '2026-03-01T19:30:00Z')`.execute(
      t.db,
    );
    const first = await get(as.Owner, '?entity=test&date_from=2026-03-01&date_to=2026-03-01');
    expect(first.results.map((r) => r.action)).toEqual(['test.late']);
    const second = await get(as.Owner, '?entity=test&date_from=2026-03-02&date_to=2026-03-02');
    expect(second.results.map((r) => r.action)).toEqual(['test.early']);
    expect((await get(as.Owner, '?entity=test&date_from=2026-03-01&date_to=2026-03-02')).count).toBe(2);
  });

  it('refuses malformed filters with field errors', async () => {
    const bad = await as.Owner.get('audit/?date_from=2026-02-30&actor=abc&format=xml');
    expect(bad.status).toBe(400);
    expect(bad.body.date_from).toEqual(["Sanani YYYY-MM-DD ko'rinishida kiriting."]);
    expect(bad.body.actor).toBeDefined();
    const reversed = await as.Owner.get('audit/?date_from=2026-03-02&date_to=2026-03-01');
    expect(reversed.status).toBe(400);
    expect(reversed.body.date_to).toEqual(["date_from sanasi date_to sanasidan keyin bo'lmasligi kerak."]);
  });
});

describe('pages and CSV', () => {
  it('pages by 50 with DRF links; a page out of range is 404', async () => {
    await sql`INSERT INTO audit_log (business_id, actor_id, action, entity, summary)
      SELECT ${businessId}, ${users.Owner.id}, 'test.bulk', 'bulk', 'row ' || g FROM generate_series(1, 60) g`.execute(
      t.db,
    );
    const first = await get(as.Owner, '?entity=bulk');
    expect(first.count).toBe(60);
    expect(first.results).toHaveLength(50);
    expect(first.next).toBe('/api/audit/?entity=bulk&page=2');
    expect(first.previous).toBeNull();
    const second = await get(as.Owner, '?entity=bulk&page=2');
    expect(second.results).toHaveLength(10);
    expect(second.previous).toBe('/api/audit/?entity=bulk&page=1');
    expect((await as.Owner.get('audit/?entity=bulk&page=3')).status).toBe(404);
  });

  it('exports every filtered row as CSV, quoting and defusing what needs it', async () => {
    await sql`INSERT INTO audit_log (business_id, actor_id, action, entity, summary) VALUES
      (${businessId}, ${users.Owner.id}, 'test.csv', 'csv', '=HYPERLINK("x"), with "quotes"')`.execute(t.db);
    const res = await fetch(`${t.url}/api/audit/?format=csv&entity=bulk`, {
      headers: { authorization: `Bearer ${as.Owner.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="tarix-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = (await res.text())
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'id,created_at,actor,action,entity,entity_id,summary,ip,action_text,object_text,status_text',
    );
    expect(lines).toHaveLength(61);
    expect(lines[1]).toContain(`,${users.Owner.email},test.bulk,bulk,,row `);
    const tricky = await (
      await fetch(`${t.url}/api/audit/?format=csv&entity=csv`, {
        headers: { authorization: `Bearer ${as.Owner.token}` },
      })
    ).text();
    expect(tricky).toContain(`"'=HYPERLINK(""x""), with ""quotes"""`);
    // Past one read's chunk (1,000 rows), all with one time: the key's id breaks the tie.
    await sql`INSERT INTO audit_log (business_id, actor_id, action, entity, summary, created_at)
      SELECT ${businessId}, ${users.Owner.id}, 'test.many', 'many', 'row ' || g, '2026-05-01T10:00:00Z'
      FROM generate_series(1, 1500) g`.execute(t.db);
    const many = await (
      await fetch(`${t.url}/api/audit/?format=csv&entity=many`, {
        headers: { authorization: `Bearer ${as.Owner.token}` },
      })
    ).text();
    const ids = many
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((l) => Number(l.split(',')[0]));
    expect(ids).toHaveLength(1500);
    expect(new Set(ids).size).toBe(1500);
    // A department's export holds only what its list shows.
    const mine = await (
      await fetch(`${t.url}/api/audit/?format=csv`, {
        headers: { authorization: `Bearer ${as.Bozorchi.token}` },
      })
    ).text();
    expect(mine).not.toContain('test.bulk');
  });
});
