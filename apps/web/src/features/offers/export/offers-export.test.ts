import { describe, expect, it } from 'vitest';
import { uzText } from '../../../i18n/testing.ts';
import type { Translate } from '../../../i18n/useT.ts';
import { exportHeader, toCsv } from './offers-export.ts';

describe('toCsv', () => {
  it('quotes cells with commas, quotes and line breaks, and starts with a BOM', () => {
    const text = toCsv([
      ['#', 'Sabab'],
      ['1', "Oylik, bo'lim"],
      ['2', 'U "dedi"'],
      ['3', 'a\nb'],
    ]);
    expect(text).toBe('\uFEFF#,Sabab\r\n1,"Oylik, bo\'lim"\r\n2,"U ""dedi"""\r\n3,"a\nb"\r\n');
  });
});

describe('exportHeader', () => {
  it('names the columns as the table does', () => {
    const t: Translate = (key, values) => uzText(key, values as Record<string, string | number> | undefined);
    expect(exportHeader(t)).toEqual([
      '#',
      'Taklif qiluvchi',
      'Kimdan',
      'Kimga',
      'Summa',
      'Turi',
      'Holat',
      'Sabab',
      'Sana',
    ]);
  });
});
