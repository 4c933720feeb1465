import { DOCUMENT_PATHS } from '@app/shared';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../test/client.ts';
import { startTestApp, type TestApp } from '../test/harness.ts';

// The OpenAPI document at /api/openapi.json (DESIGN.md section 4) is what API clients generate
// their code from: it must be a valid OpenAPI document and declare the headers, answers and error
// shapes the server really uses.

interface Parameter {
  in: string;
  name: string;
}
interface Response {
  description?: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema: Record<string, unknown> }>;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, Response>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

const IDEMPOTENT = [
  ['post', '/api/offers/offers/{id}/approve/'],
  ['post', '/api/offers/exchanges/'],
  ['post', '/api/finance/money-transactions/external-transaction/'],
  ['post', '/api/inventory/stocks-entry/'],
  ['post', '/api/inventory/stocks-exit/'],
  ['post', '/api/admin/balances/adjust/'],
  ['post', '/api/debts/'],
  ['post', '/api/debts/{id}/payments/'],
  ['post', '/api/imports/{id}/commit/'],
  ['post', '/api/stock-counts/{id}/scan/'],
  // DESIGN.md section 22: a shift opened and closed once.
  ['post', '/api/shifts/'],
  ['post', '/api/shifts/{id}/close/'],
  // Every document kind's (DESIGN.md section 19).
  ...Object.values(DOCUMENT_PATHS).flatMap((kind) => [
    ['post', `/api/${kind}/`] as const,
    ['post', `/api/${kind}/{id}/post/`] as const,
    ['post', `/api/${kind}/{id}/reverse/`] as const,
  ]),
] as const;
const ERRORS = ['400', '401', '403', '404', '409', '429', '503'];

let t: TestApp;
let doc: Document;

beforeAll(async () => {
  t = await startTestApp();
  const res = await new ApiClient(t.url).get('openapi.json');
  expect(res.status).toBe(200);
  doc = res.body as Document;
});
afterAll(() => t.close());

function operation(method: string, path: string): Operation {
  const op = doc.paths[path]?.[method];
  if (!op) throw new Error(`${method.toUpperCase()} ${path} is not in the document`);
  return op;
}

function operations(): Array<[string, Operation]> {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]): [string, Operation] => [
      `${method.toUpperCase()} ${path}`,
      op,
    ]),
  );
}

function headerNames(op: Operation): string[] {
  return (op.parameters ?? []).filter((p) => p.in === 'header').map((p) => p.name.toLowerCase());
}

function schemaOf(response: Response | undefined): Record<string, unknown> | undefined {
  return response?.content?.['application/json']?.schema;
}

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc) as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.0');
  });

  it('declares Idempotency-Key on the POSTs that honour it, and on no other operation', () => {
    for (const [method, path] of IDEMPOTENT)
      expect(headerNames(operation(method, path))).toContain('idempotency-key');
    const declaring = operations()
      .filter(([, op]) => headerNames(op).includes('idempotency-key'))
      .map(([name]) => name);
    expect(declaring.sort()).toEqual(IDEMPOTENT.map(([m, p]) => `${m.toUpperCase()} ${p}`).sort());
  });

  it("declares my-balance's If-None-Match, the ETag of its 200 and a 304 without a body", () => {
    const op = operation('get', '/api/inventory/stocks/my-balance/');
    expect(headerNames(op)).toContain('if-none-match');
    expect(op.responses['200']?.headers).toHaveProperty('etag');
    expect(op.responses['304']).toBeDefined();
    expect(op.responses['304']?.content).toBeUndefined();
  });

  it('declares one success answer and every error shape, described, on every operation', () => {
    // The health probes take no input and no token: their only error is the readiness 503.
    for (const [name, op] of operations().filter(([name]) => !name.includes('/api/health/'))) {
      const success = Object.keys(op.responses).filter((s) => /^2\d\d$/.test(s));
      expect(success, name).toHaveLength(1);
      for (const status of ERRORS) {
        expect(op.responses[status]?.description, `${name} ${status}`).not.toBe('Default Response');
        expect(schemaOf(op.responses[status])?.required, `${name} ${status}`).toContain('detail');
      }
      // Field errors: every other key of a 400 is a list of messages (Django REST framework).
      expect(schemaOf(op.responses['400'])?.additionalProperties, name).toEqual({
        type: 'array',
        items: { type: 'string' },
      });
      expect(op.responses['429']?.headers, name).toHaveProperty('retry-after');
    }
  });

  it("asks only a new user's e-mail, role and names; code and login codes have their defaults", () => {
    // DESIGN.md section 16.
    const body = operation('post', '/api/admin/users/').requestBody?.content['application/json']?.schema;
    const required = (body?.required ?? []) as string[];
    expect([...required].sort()).toEqual(['email', 'first_name', 'last_name', 'role']);
    expect(body?.properties).toMatchObject({ code: { default: '' }, login_otp: { default: false } });
  });

  it('documents the 204 without a body that every DELETE and logout answer', () => {
    const noContent = operations().filter(([name]) => name.startsWith('DELETE') || name.endsWith('/logout/'));
    expect(noContent.length).toBeGreaterThan(1);
    for (const [name, op] of noContent) {
      expect(
        Object.keys(op.responses).filter((s) => s.startsWith('2')),
        name,
      ).toEqual(['204']);
      expect(op.responses['204']?.content, name).toBeUndefined();
    }
  });
});
