import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  api,
  downloadFile,
  errorDetail,
  fieldErrors,
  refreshAccessToken,
  refreshWentUnanswered,
  tokenStore,
} from './api-client.ts';

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  credentials: RequestCredentials | undefined;
}

function json(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** A fake server: `handler` answers each call; every call is recorded. */
function mockFetch(handler: (call: Call, index: number) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call: Call = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: { ...(init.headers as Record<string, string>) },
      body: typeof init.body === 'string' ? init.body : undefined,
      credentials: init.credentials,
    };
    calls.push(call);
    return handler(call, calls.length - 1);
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

const isRefresh = (call: Call) => call.url === '/api/auth/refresh/';

beforeEach(() => tokenStore.clear());
afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('sends the bearer header and credentials, under /api/', async () => {
    tokenStore.set('A1');
    const calls = mockFetch(() => json(200, { ok: true }));
    await expect(api.get('/finance/balances/my-user/')).resolves.toEqual({ ok: true });
    expect(calls[0]?.url).toBe('/api/finance/balances/my-user/');
    expect(calls[0]?.headers.Authorization).toBe('Bearer A1');
    expect(calls[0]?.credentials).toBe('include');
  });

  it('leaves empty query values out', async () => {
    const calls = mockFetch(() => json(200, []));
    await api.get('finance/money-transactions/by-user/', {
      query: { page: 2, currency: undefined, search: '', has_offer: false, tx_type: null },
    });
    expect(calls[0]?.url).toBe('/api/finance/money-transactions/by-user/?page=2&has_offer=false');
  });

  it('on a 401 refreshes once with the cookie and retries once with the new token', async () => {
    tokenStore.set('OLD');
    const calls = mockFetch((call) => {
      if (isRefresh(call)) return json(200, { access: 'NEW', refresh: 'ignored' });
      return call.headers.Authorization === 'Bearer NEW'
        ? json(200, { id: 1 })
        : json(401, { detail: 'expired' });
    });
    await expect(api.get('auth/whoami/')).resolves.toEqual({ id: 1 });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/auth/whoami/',
      'POST /api/auth/refresh/',
      'GET /api/auth/whoami/',
    ]);
    const refresh = calls[1];
    expect(refresh?.body).toBe('{}');
    expect(refresh?.credentials).toBe('include');
    expect(refresh?.headers.Authorization).toBeUndefined();
    expect(tokenStore.get()).toBe('NEW');
  });

  it('shares one refresh among concurrent 401s', async () => {
    tokenStore.set('OLD');
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const calls = mockFetch(async (call) => {
      if (isRefresh(call)) {
        await gate;
        return json(200, { access: 'NEW', refresh: 'r' });
      }
      return call.headers.Authorization === 'Bearer NEW'
        ? json(200, call.url)
        : json(401, { detail: 'expired' });
    });
    const all = Promise.all([api.get('a/'), api.get('b/'), api.get('c/')]);
    await vi.waitFor(() => expect(calls.filter(isRefresh)).toHaveLength(1));
    release();
    await expect(all).resolves.toEqual(['/api/a/', '/api/b/', '/api/c/']);
    expect(calls.filter(isRefresh)).toHaveLength(1);
  });

  it('clears the token when the refresh fails, and reports the original 401', async () => {
    tokenStore.set('OLD');
    const calls = mockFetch((call) =>
      isRefresh(call) ? json(401, { detail: 'no cookie' }) : json(401, { detail: 'expired' }),
    );
    const error = await api.get('auth/whoami/').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(errorDetail(error)).toBe('expired');
    expect(tokenStore.get()).toBeNull();
    expect(calls).toHaveLength(2); // no retry without a token
  });

  it('does not refresh for public auth calls (auth: false)', async () => {
    tokenStore.set('T');
    const calls = mockFetch(() =>
      json(401, { detail: 'No active account found with the given credentials' }),
    );
    await expect(
      api.post('auth/login/', { email: 'a@b.c', password: 'x' }, { auth: false }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers.Authorization).toBeUndefined();
    expect(tokenStore.get()).toBe('T');
  });

  it('reuses one Idempotency-Key across the retry', async () => {
    tokenStore.set('OLD');
    const calls = mockFetch((call) => {
      if (isRefresh(call)) return json(200, { access: 'NEW', refresh: 'r' });
      return call.headers.Authorization === 'Bearer NEW' ? json(201, {}) : json(401, {});
    });
    await api.post('offers/exchanges/', { from_amount: '1.00' }, { idempotencyKey: true });
    const keys = calls.filter((c) => !isRefresh(c)).map((c) => c.headers['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('keeps the token when the refresh cannot reach the server', async () => {
    tokenStore.set('KEEP');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(refreshAccessToken()).resolves.toBeNull();
    expect(tokenStore.get()).toBe('KEEP');
  });

  it('says when the refresh got no answer, until one comes or the session ends (DESIGN.md section 23)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await refreshAccessToken();
    // Opened offline: the guard waits for the connection instead of sending to /login.
    expect(refreshWentUnanswered()).toBe(true);
    tokenStore.clear();
    expect(refreshWentUnanswered()).toBe(false);
    await refreshAccessToken();
    expect(refreshWentUnanswered()).toBe(true);
    // An answer, even a refusal, settles it: the session is over, /login.
    mockFetch(() => json(401, { detail: 'no' }));
    await refreshAccessToken();
    expect(refreshWentUnanswered()).toBe(false);
  });

  it('answers 204 with undefined', async () => {
    mockFetch(() => new Response(null, { status: 204 }));
    await expect(api.post('auth/logout/', {}, { auth: false })).resolves.toBeUndefined();
  });
});

describe('a check picked from the shared schemas (DESIGN.md section 23)', () => {
  // The schemas load once the first page is on screen (lib/first-page.ts): here its heading is.
  beforeEach(() => vi.stubGlobal('document', { documentElement: {}, querySelector: () => ({}) }));

  it('types an answer that fits and refuses one that does not', async () => {
    const read = { conversation: 7, last_read_message_id: 41, unread: 0 };
    mockFetch((call) => json(200, call.url.endsWith('/7/read/') ? read : { conversation: 'seven' }));
    const schema = (s: typeof import('./schemas.ts')) => s.ConversationReadSchema;
    await expect(api.post('chat/conversations/7/read/', {}, { schema })).resolves.toEqual(read);
    const refused = api.post('chat/conversations/8/read/', {}, { schema });
    await expect(refused).rejects.toThrow();
    await expect(refused).rejects.not.toBeInstanceOf(ApiError);
  });

  it('reports a refused request as the server said it, whatever the check', async () => {
    mockFetch(() => json(404, { detail: 'Topilmadi.' }));
    const failed = api.get('chat/conversations/9/', { schema: (s) => s.ConversationSchema });
    await expect(failed).rejects.toBeInstanceOf(ApiError);
    await expect(failed).rejects.toMatchObject({ status: 404 });
  });
});

describe('errorDetail', () => {
  it('reads detail, else the first non_field_errors entry, else a string body', () => {
    expect(errorDetail(new ApiError(400, { detail: 'Insufficient balance.' }))).toBe('Insufficient balance.');
    expect(errorDetail(new ApiError(400, { non_field_errors: ['Pick one.', 'x'] }))).toBe('Pick one.');
    expect(errorDetail(new ApiError(500, 'Bad gateway'))).toBe('Bad gateway');
  });

  it('is undefined for field errors, empty bodies and non-API errors', () => {
    expect(errorDetail(new ApiError(400, { amount: ['Enter a valid number.'] }))).toBeUndefined();
    expect(errorDetail(new ApiError(500, undefined))).toBeUndefined();
    expect(errorDetail(new ApiError(500, '  '))).toBeUndefined();
    expect(errorDetail(new TypeError('Failed to fetch'))).toBeUndefined();
  });
});

describe('fieldErrors', () => {
  it('maps each field to its first message', () => {
    const err = new ApiError(400, {
      amount: ['Enter a valid number.', 'x'],
      reason_text: 'Too short.',
      detail: 'd',
    });
    expect(fieldErrors(err)).toEqual({ amount: 'Enter a valid number.', reason_text: 'Too short.' });
  });
});

describe('downloadFile', () => {
  /** The link the browser would click, with the name it would save as. */
  function fakeDocument() {
    const link = { href: '', download: '', click: vi.fn(), remove: vi.fn() };
    vi.stubGlobal('document', { createElement: () => link, body: { append: vi.fn() } });
    return link;
  }

  it('asks for a file with a POST of its body (the catalogue labels, DESIGN.md section 18)', async () => {
    tokenStore.set('A1');
    const link = fakeDocument();
    const calls = mockFetch(
      () =>
        new Response('%PDF-1.3', {
          status: 200,
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': 'attachment; filename="yorliqlar.pdf"',
          },
        }),
    );
    const body = { items: [{ variant: 7, copies: 2 }], template: '58x40' };
    await downloadFile('catalog/labels/', {}, 'fallback.pdf', body);
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.url).toBe('/api/catalog/labels/');
    expect(calls[0]?.headers['Content-Type']).toBe('application/json');
    expect(calls[0]?.headers.Authorization).toBe('Bearer A1');
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual(body);
    expect(link.download).toBe('yorliqlar.pdf');
    expect(link.click).toHaveBeenCalledOnce();
  });

  it('without a body stays a GET, and a refusal is an ApiError', async () => {
    fakeDocument();
    const calls = mockFetch(() => json(400, { detail: 'no' }));
    await expect(downloadFile('reports/sales/', { format: 'csv' }, 'x.csv')).rejects.toBeInstanceOf(ApiError);
    expect(calls[0]?.method).toBe('GET');
    expect(calls[0]?.body).toBeUndefined();
  });
});
