import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../test/client.ts';
import { createSignedInUsers } from '../../../test/factories.ts';
import { startWithUsers, type TestApp } from '../../../test/harness.ts';

// Who sells and who buys with documents (DESIGN.md section 19): the Bozorchi and the Ta'minotchi,
// and the roles the Owner allows in the settings (`sale_roles`, `purchase_roles`), audited as
// settings; whoami answers the signed-in user's `can_sell` and `can_buy`.

let t: TestApp;
let owner: ApiClient;
let admin: ApiClient;
let kassir: ApiClient;
let manager: ApiClient;
let bozorchi: ApiClient;
let taminotchi: ApiClient;
let otherKassir: ApiClient;
const ru = { 'accept-language': 'ru' };

beforeAll(async () => {
  const mine = await startWithUsers([
    'Owner',
    'admin',
    'Kassir',
    'manager',
    'Bozorchi',
    "Ta'minotchi",
  ] as const);
  t = mine.t;
  ({ Owner: owner, admin, Kassir: kassir, manager, Bozorchi: bozorchi, "Ta'minotchi": taminotchi } = mine.as);
  otherKassir = (await createSignedInUsers(t.db, t.url, ['Kassir'] as const)).as.Kassir;
});
afterAll(() => t.close());

const whoami = async (client: ApiClient) => {
  const { can_sell, can_buy } = (await client.get('auth/whoami/')).body;
  return { can_sell, can_buy };
};
const lastSettingsLine = async (headers?: Record<string, string>) =>
  (await owner.get('audit/?action=settings.update', headers)).body.results[0]?.summary;

describe('sale_roles and purchase_roles in api/admin/settings/', () => {
  it("are empty by default: only the Bozorchi sells and only the Ta'minotchi buys", async () => {
    const read = await owner.get('admin/settings/');
    expect(read.body).toMatchObject({ sale_roles: [], purchase_roles: [] });
    expect(await whoami(bozorchi)).toEqual({ can_sell: true, can_buy: false });
    expect(await whoami(taminotchi)).toEqual({ can_sell: false, can_buy: true });
    for (const client of [owner, admin, kassir, manager])
      expect(await whoami(client)).toEqual({ can_sell: false, can_buy: false });
  });

  it('are set by an administrator as role codes, once each, in the order of the roles, audited', async () => {
    const res = await admin.patch('admin/settings/', {
      sale_roles: ['Omborchi', 'Kassir', 'Kassir'],
      purchase_roles: ['Owner'],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ sale_roles: ['Kassir', 'Omborchi'], purchase_roles: ['Owner'] });
    expect((await owner.get('admin/settings/')).body).toEqual(res.body);
    expect(await lastSettingsLine()).toBe(
      "Sozlamalar o'zgardi: sotish mumkin bo'lgan rollar: Kassir, Omborchi; sotib olish mumkin bo'lgan rollar: Owner",
    );
    expect(await lastSettingsLine(ru)).toBe(
      'Настройки изменены: роли, которые могут продавать: Kassir, Omborchi; роли, которые могут закупать: Owner',
    );
    // The signed-in users' answers follow at once; another business's Kassir is not allowed.
    expect(await whoami(kassir)).toEqual({ can_sell: true, can_buy: false });
    expect(await whoami(owner)).toEqual({ can_sell: false, can_buy: true });
    expect(await whoami(bozorchi)).toEqual({ can_sell: true, can_buy: false });
    expect(await whoami(otherKassir)).toEqual({ can_sell: false, can_buy: false });
  });

  it('write no History line when the same roles come in another order, and "none" when cleared', async () => {
    const before = (await owner.get('audit/?action=settings.update')).body.count;
    expect((await owner.patch('admin/settings/', { sale_roles: ['Omborchi', 'Kassir'] })).status).toBe(200);
    expect((await owner.get('audit/?action=settings.update')).body.count).toBe(before);
    const cleared = await owner.patch('admin/settings/', { sale_roles: [] });
    expect(cleared.body).toMatchObject({ sale_roles: [], purchase_roles: ['Owner'] });
    expect(await lastSettingsLine()).toBe("Sozlamalar o'zgardi: sotish mumkin bo'lgan rollar: yo'q");
    expect(await lastSettingsLine(ru)).toBe('Настройки изменены: роли, которые могут продавать: нет');
    expect(await whoami(kassir)).toEqual({ can_sell: false, can_buy: false });
  });

  it("refuse what is not a list of role codes with a field error in the reader's language", async () => {
    for (const bad of [['Boss'], 'Kassir', [1], null, ['kassir']]) {
      const res = await owner.patch('admin/settings/', { sale_roles: bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(JSON.stringify(res.body), JSON.stringify(bad)).toContain("Rollarni ro'yxatdan tanlang.");
    }
    const inRussian = await owner.request('PATCH', 'admin/settings/', { purchase_roles: ['Boss'] }, ru);
    expect(inRussian.status).toBe(400);
    expect(JSON.stringify(inRussian.body)).toContain('Выберите роли из списка.');
    expect((await owner.get('admin/settings/')).body).toMatchObject({
      sale_roles: [],
      purchase_roles: ['Owner'],
    });
  });

  it('are changed by administrators only', async () => {
    expect((await manager.patch('admin/settings/', { sale_roles: ['manager'] })).status).toBe(403);
    expect((await kassir.patch('admin/settings/', { sale_roles: ['Kassir'] })).status).toBe(403);
    expect(await whoami(kassir)).toEqual({ can_sell: false, can_buy: false });
  });
});
