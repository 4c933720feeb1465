import { AUDIT_ACTIONS } from '@app/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signIn } from '../../../test/factories.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { DEMO_PASSWORD } from '../../cli/seed/core.ts';
import { seedDemoIfEmpty } from '../../cli/seed/index.ts';

// The demo business's History (DESIGN.md section 10): pages to turn for the owner and for a
// department, rows of every kind, all readable.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await seedDemoIfEmpty(t.db);
});
afterAll(() => t.close());

it('gives the owner and the cashier more than one page of history, with readable summaries', async () => {
  const owner = await signIn(t.url, { email: 'owner@demo.uz', password: DEMO_PASSWORD });
  const all = await owner.get('audit/');
  expect(all.body.count).toBeGreaterThan(50);
  for (const action of [
    'offer.approve',
    'stock_entry.create',
    'stock_exit.create',
    'external.income',
    'auth.login',
  ]) {
    const rows = (await owner.get(`audit/?action=${action}`)).body;
    expect(rows.count, action).toBeGreaterThan(0);
  }
  const entry = (await owner.get('audit/?action=stock_entry.create')).body.results[0];
  expect(entry.summary).toMatch(/^[A-Z_]+: \S+, \d+\.\d{3} x \d+\.\d{2}/);
  // The seeded rows keep their messages (DESIGN.md section 15): read in the reader's language.
  const ru = { 'accept-language': 'ru' };
  for (const action of ['offer.approve', 'external.income', 'auth.login', 'debt.create']) {
    const first = await owner.get(`audit/?action=${action}`);
    expect(first.status, JSON.stringify(first.body).slice(0, 300)).toBe(200);
    const [uz] = first.body.results;
    const [inRussian] = (await owner.get(`audit/?action=${action}`, ru)).body.results;
    expect(inRussian.id, action).toBe(uz.id);
    expect(inRussian.summary, action).not.toBe(uz.summary);
    expect(inRussian.summary, action).toMatch(/[а-я]/);
  }
  const kassir = await signIn(t.url, { email: 'kassir@demo.uz', password: DEMO_PASSWORD });
  expect((await kassir.get('audit/')).body.next).toBe('/api/audit/?page=2');
});

it('writes only the action codes History has words for, and names their objects', async () => {
  const { rows } = await sql<{ action: string }>`SELECT DISTINCT action FROM audit_log`.execute(t.db);
  expect(rows.map((r) => r.action).filter((a) => !(AUDIT_ACTIONS as readonly string[]).includes(a))).toEqual(
    [],
  );
  const owner = await signIn(t.url, { email: 'owner@demo.uz', password: DEMO_PASSWORD });
  const entry = (await owner.get('audit/?action=stock_entry.create')).body.results[0];
  expect(entry.object_label).toMatch(/ \/ /);
  expect(entry.object_exists).toBe(true);
  const login = (await owner.get('audit/?action=auth.login')).body.results[0];
  expect(login.object_label).toBeTruthy();
  expect(login.object_label).not.toContain('@');
});
