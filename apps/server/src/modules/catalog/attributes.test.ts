import { afterAll, describe, expect, it } from 'vitest';
import { signInOutsider, startWithUsers } from '../../../test/harness.ts';
import {
  createColor,
  createProduct,
  createSize,
  createUnit,
  createVariant,
  uniq,
} from './catalog.fixtures.ts';

const { t, as } = await startWithUsers(['Owner']);
afterAll(() => t.close());
const owner = as.Owner;
const other = (await signInOutsider(t)).client;

describe('units', () => {
  it('creates a unit with its measure label and a 6-decimal fixed rate', async () => {
    const res = await owner.post('catalog/units/', {
      name: ' Kilogramm ',
      measure: 'KG',
      fixed_rate_to_base: '1000',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      name: 'Kilogramm',
      measure: 'KG',
      measure_display: 'Kilogram',
      fixed_rate_to_base: '1000.000000',
    });
    const meter = await createUnit(owner, { measure: 'M', fixed_rate_to_base: 0.5 });
    expect(meter).toMatchObject({ measure_display: 'Meter', fixed_rate_to_base: '0.500000' });
    const piece = await createUnit(owner, { measure: 'D' });
    expect(piece).toMatchObject({ measure_display: 'Dona', fixed_rate_to_base: '0.000000' });
  });

  it('lists only the units of the business', async () => {
    const mine = await createUnit(owner);
    const theirs = await createUnit(other);
    const res = await owner.get('catalog/units/');
    expect(res.status).toBe(200);
    const ids = res.body.map((u: { id: number }) => u.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
  });

  it('refuses a blank name, an unknown measure and a bad rate with field errors', async () => {
    const res = await owner.post('catalog/units/', {
      name: '   ',
      measure: 'LITR',
      fixed_rate_to_base: 'abc',
    });
    expect(res.status).toBe(400);
    expect(res.body.name).toBeDefined();
    expect(res.body.measure).toBeDefined();
    expect(res.body.fixed_rate_to_base).toBeDefined();
    expect(res.body.detail).toBeTruthy();
    for (const rate of ['-1', '0.0000001', '1e20', 100000000000000]) {
      const bad = await owner.post('catalog/units/', { name: 'x', measure: 'KG', fixed_rate_to_base: rate });
      expect(bad.status, String(rate)).toBe(400);
      expect(bad.body.fixed_rate_to_base).toBeDefined();
    }
    const missing = await owner.post('catalog/units/', {});
    expect(missing.status).toBe(400);
    expect(missing.body.name).toBeDefined();
  });

  it('replaces a unit with PUT, and answers 404 for another business or a malformed id', async () => {
    const unit = await createUnit(owner);
    const res = await owner.put(`catalog/units/${unit.id}/`, {
      name: 'Metr',
      measure: 'M',
      fixed_rate_to_base: 2,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: unit.id,
      name: 'Metr',
      measure: 'M',
      measure_display: 'Meter',
      fixed_rate_to_base: '2.000000',
    });
    expect((await other.put(`catalog/units/${unit.id}/`, { name: 'x', measure: 'M' })).status).toBe(404);
    expect((await other.delete(`catalog/units/${unit.id}/`)).status).toBe(404);
    expect((await owner.put('catalog/units/abc/', { name: 'x', measure: 'M' })).status).toBe(404);
    expect((await owner.put('catalog/units/999999/', { name: 'x', measure: 'M' })).status).toBe(404);
    expect((await owner.put(`catalog/units/${unit.id}/`, { name: '', measure: 'M' })).status).toBe(400);
  });

  it('deletes an unused unit and refuses one a product uses, saying so', async () => {
    const unused = await createUnit(owner);
    expect((await owner.delete(`catalog/units/${unused.id}/`)).status).toBe(204);
    expect((await owner.get('catalog/units/')).body.map((u: { id: number }) => u.id)).not.toContain(
      unused.id,
    );
    expect((await owner.delete(`catalog/units/${unused.id}/`)).status).toBe(404);

    const used = await createUnit(owner);
    await createProduct(owner, { unit: used.id });
    const res = await owner.delete(`catalog/units/${used.id}/`);
    expect(res.status).toBe(409);
    expect(res.body.detail).toContain('u 1 ta mahsulotda ishlatilgan');
  });
});

describe('sizes', () => {
  it('creates, lists, replaces and deletes a size', async () => {
    const res = await owner.post('catalog/sizes/', { size: ' 48 ', label: 'M' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number), size: '48', label: 'M' });
    const noLabel = await createSize(owner, { label: undefined });
    expect(noLabel.label).toBe('');
    expect((await owner.get('catalog/sizes/')).body).toContainEqual(res.body);
    const put = await owner.put(`catalog/sizes/${res.body.id}/`, { size: '50', label: 'L' });
    expect(put.body).toEqual({ id: res.body.id, size: '50', label: 'L' });
    expect((await owner.delete(`catalog/sizes/${res.body.id}/`)).status).toBe(204);
  });

  it('refuses a blank size and hides other businesses', async () => {
    const blank = await owner.post('catalog/sizes/', { size: '  ', label: 'x' });
    expect(blank.status).toBe(400);
    expect(blank.body.size).toEqual(["Bu maydon bo'sh bo'lishi mumkin emas."]);
    const theirs = await createSize(other);
    expect((await owner.get('catalog/sizes/')).body.map((s: { id: number }) => s.id)).not.toContain(
      theirs.id,
    );
    expect((await owner.put(`catalog/sizes/${theirs.id}/`, { size: 'x' })).status).toBe(404);
    expect((await owner.delete(`catalog/sizes/${theirs.id}/`)).status).toBe(404);
  });

  it('refuses to delete a size a variant uses', async () => {
    const size = await createSize(owner);
    await createVariant(owner, { size: size.id });
    const res = await owner.delete(`catalog/sizes/${size.id}/`);
    expect(res.status).toBe(409);
    expect(res.body.detail).toContain('u 1 ta variantda ishlatilgan');
  });
});

describe('colours', () => {
  it('creates a colour and stores its hex code with a #', async () => {
    const a = await owner.post('catalog/colors/', { name: 'Ko`k', code: '1E40AF' });
    expect(a.status).toBe(201);
    expect(a.body).toEqual({ id: expect.any(Number), name: 'Ko`k', code: '#1E40AF' });
    const b = await createColor(owner, { code: '#ffffff' });
    expect(b.code).toBe('#ffffff');
    const put = await owner.put(`catalog/colors/${a.body.id}/`, { name: 'Yashil', code: '#16A34A' });
    expect(put.body).toEqual({ id: a.body.id, name: 'Yashil', code: '#16A34A' });
    expect((await owner.delete(`catalog/colors/${a.body.id}/`)).status).toBe(204);
    // History reads as what happened (DESIGN.md section 10).
    const audit = await t.db
      .selectFrom('audit_log')
      .select('summary')
      .where('entity', '=', 'color')
      .where('entity_id', '=', String(a.body.id))
      .orderBy('id')
      .execute();
    expect(audit.map((r) => r.summary)).toEqual([
      "Rang qo'shildi: Ko`k #1E40AF",
      "Rang o'zgartirildi: Yashil #16A34A",
      "Rang o'chirildi: Yashil #16A34A",
    ]);
  });

  it('refuses a blank name and a code that is not 6 hex digits', async () => {
    for (const code of ['red', '#12345', '#1234567', 'GGGGGG', '', '##123456']) {
      const res = await owner.post('catalog/colors/', { name: uniq('c'), code });
      expect(res.status, code).toBe(400);
      expect(res.body.code).toBeDefined();
    }
    const res = await owner.post('catalog/colors/', { name: ' ', code: '#000000' });
    expect(res.status).toBe(400);
    expect(res.body.name).toBeDefined();
  });

  it('refuses to delete a colour a variant uses, and deletes an unused one', async () => {
    const color = await createColor(owner);
    await createVariant(owner, { color: color.id });
    const res = await owner.delete(`catalog/colors/${color.id}/`);
    expect(res.status).toBe(409);
    expect(res.body.detail).toContain('u 1 ta variantda ishlatilgan');
    const unused = await createColor(owner);
    expect((await other.delete(`catalog/colors/${unused.id}/`)).status).toBe(404);
    expect((await owner.delete(`catalog/colors/${unused.id}/`)).status).toBe(204);
  });
});

// DESIGN.md section 3 "Audit": every catalogue write leaves a row, units, sizes and colours too.
describe('audit', () => {
  it('writes one audit row for each create, replace and delete of a unit, size and colour', async () => {
    const cases = [
      { path: 'catalog/units/', entity: 'unit', create: createUnit, body: { name: uniq('u'), measure: 'D' } },
      { path: 'catalog/sizes/', entity: 'size', create: createSize, body: { size: uniq('s'), label: 'L' } },
      {
        path: 'catalog/colors/',
        entity: 'color',
        create: createColor,
        body: { name: uniq('c'), code: '#000000' },
      },
    ] as const;
    for (const c of cases) {
      const row = await c.create(owner);
      expect((await owner.put(`${c.path}${row.id}/`, c.body)).status).toBe(200);
      expect((await owner.delete(`${c.path}${row.id}/`)).status).toBe(204);
      const audit = await t.db
        .selectFrom('audit_log')
        .select(['action', 'entity'])
        .where('entity', '=', c.entity)
        .where('entity_id', '=', String(row.id))
        .orderBy('id')
        .execute();
      expect(audit.map((a) => a.action)).toEqual([
        `catalog.${c.entity}.create`,
        `catalog.${c.entity}.update`,
        `catalog.${c.entity}.delete`,
      ]);
    }
  });
});
