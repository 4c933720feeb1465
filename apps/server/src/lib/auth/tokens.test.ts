import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TTL_SECONDS, createTokenSigner } from './tokens.ts';

// Access tokens (DESIGN.md section 5): HS256 with the pinned algorithm, 5 minutes, and a verified
// token remembered only until it expires.

const user = { id: 7, business_id: 3, role: 'manager' };
const signer = createTokenSigner('s'.repeat(64), new Map());

afterEach(() => {
  vi.useRealTimers();
});

describe('access tokens', () => {
  it('verifies its own token, again from memory, as the same identity', async () => {
    const token = await signer.signAccess(user, new Date());
    const identity = { id: 7, businessId: 3, role: 'manager' };
    expect(await signer.verifyAccess(token)).toEqual(identity);
    expect(await signer.verifyAccess(token)).toEqual(identity);
  });

  it('refuses a remembered token once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const now = new Date('2026-11-22T10:00:00Z');
    vi.setSystemTime(now);
    const token = await signer.signAccess(user, now);
    expect(await signer.verifyAccess(token)).not.toBeNull();
    vi.setSystemTime(now.getTime() + (ACCESS_TTL_SECONDS - 1) * 1000);
    expect(await signer.verifyAccess(token)).not.toBeNull();
    vi.setSystemTime(now.getTime() + ACCESS_TTL_SECONDS * 1000);
    expect(await signer.verifyAccess(token)).toBeNull();
  });

  it("refuses another key's token, a changed payload and another algorithm", async () => {
    const token = await signer.signAccess(user, new Date());
    expect(await signer.verifyAccess(token)).not.toBeNull();
    const other = createTokenSigner('o'.repeat(64), new Map());
    expect(await other.verifyAccess(token)).toBeNull();

    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, role: 'Owner' })).toString('base64url');
    expect(await signer.verifyAccess(`${header}.${forged}.${signature}`)).toBeNull();

    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect(await signer.verifyAccess(`${none}.${payload}.`)).toBeNull();
    expect(await signer.verifyAccess('not a token')).toBeNull();
  });
});
