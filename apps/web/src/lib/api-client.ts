// The one API client (DESIGN.md section 6): bearer header, one refresh-and-retry on 401, the access
// token in memory only, the refresh token in its HttpOnly cookie (DESIGN.md section 5).

import type { z } from 'zod';
import { firstPageShown } from './first-page.ts';
import { forgetUser } from './offline-session.ts';
import type * as Shared from './schemas.ts';

const API_BASE = '/api/';

// ---------------------------------------------------------------------------------------------
// Access token store: module memory, never localStorage (DESIGN.md section 5 departs on purpose
// from spec.md's "kept in local storage"). React reads it through useAccessToken (lib/session.ts).

type Listener = () => void;

let accessToken: string | null = null;
/** Bumped whenever the session ends, so a refresh that was in flight cannot revive it. */
let sessionGeneration = 0;
const listeners = new Set<Listener>();

function emit(): void {
  for (const listener of listeners) listener();
}

export const tokenStore = {
  get(): string | null {
    return accessToken;
  },
  set(token: string): void {
    if (token === accessToken) return;
    accessToken = token;
    emit();
  },
  clear(): void {
    sessionGeneration += 1;
    // The session ended (sign-out, a refused refresh): not a page waiting for its connection.
    refreshUnanswered = false;
    forgetUser();
    if (accessToken === null) return;
    accessToken = null;
    emit();
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

// ---------------------------------------------------------------------------------------------
// Errors

/** A non-2xx answer. `body` is the parsed JSON, or the text when the body was not JSON. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    super(`Request failed with status code ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A 404: what was asked for does not exist, or is not this user's to see. */
export function isNotFound(err: unknown): boolean {
  return err instanceof ApiError && err.status === 404;
}

/**
 * The server's message for an error, in the order the error chains of spec.md section 8 read it:
 * body.detail, else the first non_field_errors entry, else a plain string body, else undefined.
 * Pages add their own fallback: `errorDetail(err) ?? 'Exchange failed.'`.
 */
export function errorDetail(err: unknown): string | undefined {
  if (!(err instanceof ApiError)) return undefined;
  const { body } = err;
  if (typeof body === 'string') return body.trim() ? body : undefined;
  if (!isRecord(body)) return undefined;
  if (typeof body.detail === 'string' && body.detail) return body.detail;
  const nonField = body.non_field_errors;
  if (Array.isArray(nonField) && typeof nonField[0] === 'string') return nonField[0];
  return undefined;
}

/**
 * The longer error chain of spec.md section 8 (exchange, external transaction, inventory load): the
 * server detail, else a string body, else the error's own message, else the fallback.
 */
export function failureMessage(err: unknown, fallback: string): string {
  const detail = errorDetail(err);
  if (detail) return detail;
  if (err instanceof Error && err.message) return err.message;
  return fallback;
}

/** Field errors `{"field": ["msg"]}` as `{field: "msg"}` (first message each), for form.setError. */
export function fieldErrors(err: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!(err instanceof ApiError) || !isRecord(err.body)) return out;
  for (const [field, value] of Object.entries(err.body)) {
    if (field === 'detail' || field === 'non_field_errors') continue;
    if (Array.isArray(value) && typeof value[0] === 'string') out[field] = value[0];
    else if (typeof value === 'string') out[field] = value;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Idempotency keys (DESIGN.md section 4): one per submit, reused by the client's own retry.

/** crypto.randomUUID exists only in secure contexts; a LAN deployment over http still needs keys. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

// ---------------------------------------------------------------------------------------------
// Refresh: POST auth/refresh/ with an empty body; the server reads the HttpOnly cookie.

let refreshInFlight: Promise<string | null> | null = null;
let refreshUnanswered = false;

/**
 * Whether the last refresh got no answer at all (offline): the session may well be alive, so the
 * guard waits for the connection instead of sending to /login (DESIGN.md section 23).
 */
export function refreshWentUnanswered(): boolean {
  return refreshUnanswered;
}

async function performRefresh(): Promise<string | null> {
  const generation = sessionGeneration;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}auth/refresh/`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: '{}',
    });
  } catch {
    // Network failure: the server did not say the session is over, so keep what we have; the next
    // request or the next timer tick tries again.
    refreshUnanswered = true;
    return null;
  }
  refreshUnanswered = false;
  if (generation !== sessionGeneration) return null; // signed out meanwhile
  if (!response.ok) {
    // spec.md section 4: if the refresh fails, the tokens are cleared (the guard sends to /login).
    tokenStore.clear();
    return null;
  }
  const body: unknown = await response.json().catch(() => null);
  const access = isRecord(body) && typeof body.access === 'string' ? body.access : null;
  if (!access) {
    tokenStore.clear();
    return null;
  }
  tokenStore.set(access);
  return access;
}

/**
 * Gets a new access token from the refresh cookie. Concurrent callers (several requests that hit
 * 401 at once, the timer, the bootstrap) share one request: rotation makes a second one wasteful.
 * Resolves to the new token, or null when there is none.
 */
export function refreshAccessToken(): Promise<string | null> {
  refreshInFlight ??= performRefresh().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

// ---------------------------------------------------------------------------------------------
// Requests

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions<T = unknown> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Query parameters; null, undefined and '' are left out. */
  query?: Record<string, QueryValue>;
  /** Send an Idempotency-Key header: `true` makes a fresh key, a string uses that key. */
  idempotencyKey?: boolean | string;
  signal?: AbortSignal;
  /**
   * false for the public auth calls (login, forgot-password, ...): no bearer header and no
   * refresh-and-retry, since their 401 means "wrong credentials", not "token expired".
   */
  auth?: boolean;
  /**
   * Validate and type the response: a zod schema, or a function that picks one from the shared
   * package (`(s) => s.CurrentShiftSchema`, lib/schemas.ts), which then loads apart from the
   * calling module (loadSchemas). The modules a page's first paint imports use the second form,
   * so that the page draws before zod and the schemas arrive (DESIGN.md section 23; the `schemas`
   * chunk group, vite.config.ts).
   */
  schema?: z.ZodType<T> | ((shared: typeof Shared) => z.ZodType<T>);
}

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  // spec.md writes paths both as 'auth/login/' and '/finance/...': accept either.
  const url = `${API_BASE}${path.replace(/^\/+/, '').replace(/^api\//, '')}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined || value === '') continue;
    params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

/** The URL of an API path, for a caller that cannot go through apiRequest (the event stream). */
export function apiUrl(path: string): string {
  return buildUrl(path);
}

async function parseBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/** The interface language, sent as Accept-Language so the server answers in it (DESIGN.md section 14). */
let language = 'uz';

export function setApiLanguage(next: string): void {
  language = next;
}

function send(url: string, init: RequestInit, headers: Record<string, string>, token: string | null) {
  const withLanguage = { ...headers, 'Accept-Language': language };
  const all = token ? { ...withLanguage, Authorization: `Bearer ${token}` } : withLanguage;
  return fetch(url, { ...init, headers: all });
}

/** Sends with the bearer token; on a 401, one refresh and one retry (spec.md section 4). */
async function sendWithRefresh(
  url: string,
  init: RequestInit,
  headers: Record<string, string>,
  auth: boolean,
): Promise<Response> {
  const sentWith = auth ? tokenStore.get() : null;
  const response = await send(url, init, headers, sentWith);
  if (response.status !== 401 || !auth) return response;
  // If another request already refreshed since this one left, retry with that token instead of
  // rotating again.
  const current = tokenStore.get();
  const fresh = current && current !== sentWith ? current : await refreshAccessToken();
  return fresh ? send(url, init, headers, fresh) : response;
}

/**
 * Downloads a file the API sends (a CSV export) and hands it to the browser as `filename`, or
 * the name the server's Content-Disposition gives. The access token lives in memory only, so a
 * plain link could not carry it (DESIGN.md section 5). With a `body`, the file is asked for with
 * a POST of it (the catalogue's labels, DESIGN.md section 18).
 */
export async function downloadFile(
  path: string,
  query: Record<string, QueryValue>,
  fallbackName: string,
  body?: unknown,
): Promise<void> {
  const response = await sendWithRefresh(
    buildUrl(path, query),
    body === undefined
      ? { method: 'GET', credentials: 'include' }
      : { method: 'POST', credentials: 'include', body: JSON.stringify(body) },
    body === undefined ? { Accept: '*/*' } : { Accept: '*/*', 'Content-Type': 'application/json' },
    true,
  );
  if (!response.ok) throw new ApiError(response.status, await parseBody(response));
  const named = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = named ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * The shared package whole, for a check picked from it (RequestOptions.schema): loaded once the
 * first page is on screen (lib/first-page.ts), so that on a slow phone zod and the schemas do not
 * take the bandwidth of the page's own files; a request answered before then waits for them.
 */
function loadSchemas(): Promise<typeof Shared> {
  return firstPageShown().then(() => import('./schemas.ts'));
}

/** One call to the API. Throws ApiError on a non-2xx answer, a TypeError when offline. */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', body, query, idempotencyKey, signal, auth = true, schema } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  // A form (an upload) goes as it is: fetch writes the multipart boundary into its content type.
  const form = body instanceof FormData ? body : null;
  if (body !== undefined && !form) headers['Content-Type'] = 'application/json';
  if (idempotencyKey) {
    headers['Idempotency-Key'] = typeof idempotencyKey === 'string' ? idempotencyKey : newIdempotencyKey();
  }
  const url = buildUrl(path, query);
  const init: RequestInit = {
    method,
    credentials: 'include',
    signal,
    body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
  };

  const shared = typeof schema === 'function' ? loadSchemas() : null;
  // A failed request does not wait for the schemas; their load's own failure then goes unheard.
  shared?.catch(() => undefined);
  const response = await sendWithRefresh(url, init, headers, auth);
  const data = await parseBody(response);
  if (!response.ok) throw new ApiError(response.status, data);
  if (!schema) return data as T;
  return (typeof schema === 'function' ? schema(await (shared as Promise<typeof Shared>)) : schema).parse(
    data,
  );
}

type BodyOptions<T> = Omit<RequestOptions<T>, 'method' | 'body'>;

export const api = {
  get: <T = unknown>(path: string, options?: BodyOptions<T>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T = unknown>(path: string, body?: unknown, options?: BodyOptions<T>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body: body ?? {} }),
  put: <T = unknown>(path: string, body?: unknown, options?: BodyOptions<T>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body: body ?? {} }),
  patch: <T = unknown>(path: string, body?: unknown, options?: BodyOptions<T>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body: body ?? {} }),
  delete: <T = unknown>(path: string, options?: BodyOptions<T>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
