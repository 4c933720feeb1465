import { describe, expect, it } from 'vitest';
import { shiftFiltersFromParams } from './shift-params.ts';

describe("the shifts' filters from the URL", () => {
  it('keeps what the server takes and reads a reversed period the right way round', () => {
    expect(
      shiftFiltersFromParams(
        new URLSearchParams('department=7&date_from=2026-11-30&date_to=2026-11-01&status=CLOSED'),
      ),
    ).toEqual({ department: 7, date_from: '2026-11-01', date_to: '2026-11-30', status: 'CLOSED' });
    expect(
      shiftFiltersFromParams(new URLSearchParams('department=x&date_from=2026-13-45&status=open')),
    ).toEqual({
      department: undefined,
      date_from: undefined,
      date_to: undefined,
      status: undefined,
    });
  });
});
