import { D, fixedRate, msg } from '@app/shared';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';

// The Central Bank of Uzbekistan's JSON feed (DESIGN.md section 9): an array of objects whose
// values are strings; a currency's rate per unit is Rate / Nominal, on the day Date (DD.MM.YYYY).

const CbuRowSchema = z.object({
  Ccy: z.string().regex(/^[A-Z]{3}$/),
  Rate: z.string().regex(/^\d{1,14}(\.\d+)?$/),
  Nominal: z.string().regex(/^[1-9]\d{0,8}$/),
  Date: z.string().regex(/^\d{2}\.\d{2}\.\d{4}$/),
});

export interface CbuRates {
  /** YYYY-MM-DD */
  date: string;
  /** ISO code -> UZS per unit, 6 decimals. */
  rates: Map<string, string>;
}

const feedFailed = (why: string) =>
  new AppError(502, 'bad_gateway', msg('errors.finance.could_not_fetch_central_bank', { why }));

function isoDate(ddmmyyyy: string): string | null {
  const [dd, mm, yyyy] = ddmmyyyy.split('.');
  const iso = `${yyyy}-${mm}-${dd}`;
  const parsed = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(iso) ? iso : null;
}

/** Reads and checks the whole feed; anything unexpected fails it whole (502), nothing half-read. */
export function parseCbuFeed(body: unknown): CbuRates {
  if (!Array.isArray(body) || body.length === 0) throw feedFailed("javob ro'yxat emas");
  const rates = new Map<string, string>();
  let date: string | null = null;
  for (const raw of body) {
    const row = CbuRowSchema.safeParse(raw);
    if (!row.success) throw feedFailed("javobda noto'g'ri qator bor");
    const day = isoDate(row.data.Date);
    if (!day || (date !== null && day !== date)) throw feedFailed("javobdagi sana noto'g'ri");
    date = day;
    const perUnit = fixedRate(new D(row.data.Rate).div(row.data.Nominal));
    if (new D(perUnit).lte(0)) throw feedFailed("javobda noto'g'ri kurs bor");
    rates.set(row.data.Ccy, perUnit);
  }
  return { date: date as string, rates };
}

/** GETs the feed with a deadline; unreachable, slow, not JSON or malformed: 502. */
export async function fetchCbuRates(url: string, timeoutMs: number): Promise<CbuRates> {
  let body: unknown;
  try {
    const res = await fetch(url, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: { accept: 'application/json' },
    });
    if (!res.ok) throw feedFailed(`HTTP ${res.status}`);
    body = await res.json();
  } catch (err) {
    if (err instanceof AppError) throw err;
    const name = (err as Error | null)?.name;
    if (name === 'TimeoutError') throw feedFailed(`${timeoutMs / 1000} soniyada javob bermadi`);
    if (name === 'SyntaxError') throw feedFailed('javob JSON emas');
    throw feedFailed("ulanib bo'lmadi");
  }
  return parseCbuFeed(body);
}
