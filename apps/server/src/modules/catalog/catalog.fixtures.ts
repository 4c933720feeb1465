import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { ApiClient } from '../../../test/client.ts';

// Catalogue rows made through the API, for the catalogue's own tests.

export const uniq = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}`;

export async function apiCreate(client: ApiClient, path: string, body: unknown) {
  const res = await client.post(path, body);
  expect(res.status, `POST ${path} ${JSON.stringify(res.body)}`).toBe(201);
  return res.body;
}

export function createUnit(client: ApiClient, extra: Record<string, unknown> = {}) {
  return apiCreate(client, 'catalog/units/', { name: uniq('kg'), measure: 'KG', ...extra });
}
export function createSize(client: ApiClient, extra: Record<string, unknown> = {}) {
  return apiCreate(client, 'catalog/sizes/', { size: uniq('48'), label: 'M', ...extra });
}
export function createColor(client: ApiClient, extra: Record<string, unknown> = {}) {
  return apiCreate(client, 'catalog/colors/', { name: uniq('Qizil'), code: '#DC2626', ...extra });
}

export async function createProduct(client: ApiClient, extra: Record<string, unknown> = {}) {
  const unit = extra.unit ?? (await createUnit(client)).id;
  return apiCreate(client, 'catalog/products/', {
    name: uniq("Ko'ylak"),
    model: 'KL-1',
    code: Math.floor(Math.random() * 1e9),
    type: 'FINISHED',
    ...extra,
    unit,
  });
}

export async function createVariant(client: ApiClient, extra: Record<string, unknown> = {}) {
  const product = extra.product ?? (await createProduct(client)).id;
  return apiCreate(client, 'catalog/variants/', { sku: uniq('SKU'), ...extra, product });
}
