import { describe, expect, it } from 'vitest';
import {
  draftChange,
  draftState,
  inputRows,
  type ProductionFormState,
  productionBody,
  rowError,
} from './use-production-form.ts';

const variant = (id: number) => ({
  id,
  sku: `V${id}`,
  label: `V${id}`,
  product: 1,
  product_code: 1,
  color_name: null,
  color_code: null,
  size_label: null,
  unit: 'M' as const,
});
const recipe = [
  { line_no: 1, variant: variant(10), qty: '1.6', unit_cost_uzs: null },
  { line_no: 2, variant: variant(11), qty: '0.015', unit_cost_uzs: null },
];
const state = (patch: Partial<ProductionFormState> = {}): ProductionFormState => ({
  output: { id: 5, label: 'Pieces', sku: 'P', product: 2, unit: 'D' },
  qty: '10',
  used: {},
  currency: '',
  note: '',
  ...patch,
});

describe('a new production order (DESIGN.md section 21)', () => {
  it('previews each input at the recipe’s quantity x the order’s, used as planned until typed', () => {
    const rows = inputRows(state({ used: { 11: '0.2' } }), recipe);
    expect(rows.map((r) => [r.planned, r.used])).toEqual([
      ['16', '16'],
      ['0.15', '0.2'],
    ]);
  });

  it('sends only the inputs used otherwise than planned, and no currency for UZS', () => {
    const rows = inputRows(state({ used: { 11: '0.2' }, note: ' x ' }), recipe);
    expect(productionBody(state({ used: { 11: '0.2' }, note: ' x ' }), rows)).toEqual({
      output: 5,
      qty: '10',
      inputs: [{ variant: 11, qty: '0.2' }],
      note: 'x',
    });
    expect(productionBody(state(), inputRows(state(), recipe))).toEqual({ output: 5, qty: '10' });
  });

  it('puts a short input’s 409 on its row, and an input refused by its index in the body', () => {
    const errors = {
      lines: { 1: 'Not enough thread' },
      fields: { 'inputs.0.variant': 'Not an input' },
      sent: [10],
    };
    expect(rowError(errors, 0, 10)).toBe('Not an input');
    expect(rowError(errors, 1, 11)).toBe('Not enough thread');
    expect(rowError({ lines: {}, fields: {} }, 0, 10)).toBeUndefined();
  });
});

describe('a production draft changed on its card', () => {
  const line = (id: number, v: number, qty: string, planned: string | null, output = false) => ({
    id,
    line_no: id,
    variant: variant(v),
    qty,
    price: '0.00',
    discount: '0.00',
    amount: '0.00',
    price_type: null,
    price_source: 'MANUAL' as const,
    output,
    planned_qty: planned,
  });
  const draft = {
    id: 7,
    currency: 2,
    note: 'Bichish',
    lines: [line(1, 10, '16.500', '16.000'), line(2, 11, '0.150', '0.150'), line(3, 5, '10.000', null, true)],
  } as unknown as Parameters<typeof draftState>[0];

  it('holds the output, its quantity and only the used quantities that differ from the recipe', () => {
    const held = draftState(draft);
    expect(held).toMatchObject({ qty: '10', used: { 10: '16.5' }, currency: '', note: 'Bichish' });
    expect(held.output?.id).toBe(5);
  });

  it('sends the whole order back, UZS and an emptied note included, so nothing of the old draft stays', () => {
    const body = draftChange(state({ note: '  ', used: {} }), inputRows(state(), recipe));
    expect(body).toEqual({ output: 5, qty: '10', currency: 2, note: '' });
  });
});
