import { INVITE_TTL_HOURS, msg } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../test/client.ts';
import { createSignedInUsers } from '../test/factories.ts';
import { lastMail, startTestApp, type TestApp, waitForMailedCode } from '../test/harness.ts';
import { tr } from './lib/texts.ts';
import { fund, USD, UZS } from './modules/finance/finance.fixtures.ts';
import { notificationMessage } from './modules/notifications/delivery.ts';
import type { ClaimedNotification } from './modules/notifications/notifications.repository.ts';

// The server's messages in the reader's language (DESIGN.md sections 14 and 15): `detail` and
// field errors in the request's Accept-Language with the messages themselves beside them, e-mails
// and notifications in their recipient's language, and Uzbek, exactly as spec.md writes it, when
// nothing else is asked for.

let t: TestApp;
let anonymous: ApiClient;
let owner: ApiClient;
let kassir: ApiClient;
let manager: ApiClient;
let users: Awaited<ReturnType<typeof createSignedInUsers<'Owner' | 'Kassir' | 'manager'>>>['users'];

beforeAll(async () => {
  t = await startTestApp();
  const setup = await createSignedInUsers(t.db, t.url, ['Owner', 'Kassir', 'manager']);
  owner = setup.as.Owner;
  kassir = setup.as.Kassir;
  manager = setup.as.manager;
  users = setup.users;
  anonymous = new ApiClient(t.url);
});
afterAll(() => t.close());

const ru = { 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.8' };

describe('an answer in the Accept-Language', () => {
  it('renders a service refusal, its field error and detail alike, and sends the message beside them', async () => {
    const body = { from_currency: USD, to_currency: USD, from_amount: '10' };
    const uz = await kassir.post('offers/exchanges/', body);
    expect(uz.status).toBe(400);
    expect(uz.body.detail).toBe("Boshqa valyutani tanlang: bir xil valyutalarni almashtirib bo'lmaydi.");
    expect(uz.body.detail_message).toEqual({ key: 'errors.finance.same_currency' });
    expect(uz.body.field_messages).toEqual({ to_currency: [{ key: 'errors.finance.same_currency' }] });
    const inRussian = await kassir.post('offers/exchanges/', body, ru);
    expect(inRussian.status).toBe(400);
    expect(inRussian.body.detail).toBe(tr('ru', msg('errors.finance.same_currency')));
    expect(inRussian.body.detail_message).toEqual(uz.body.detail_message);
    expect(inRussian.body.detail).not.toBe(uz.body.detail);
    expect(inRussian.body.detail).toMatch(/[а-я]/);
    expect(inRussian.body.to_currency).toEqual([inRussian.body.detail]);
  });

  it('renders the shared schema messages of a refused body, and the field-prefixed detail', async () => {
    const body = { from_currency: USD, to_currency: UZS, from_amount: '-5' };
    const uz = await kassir.post('offers/exchanges/', body);
    const en = await kassir.post('offers/exchanges/', body, { 'accept-language': 'en' });
    const cyrl = await kassir.post('offers/exchanges/', body, { 'accept-language': 'uz-Cyrl-UZ' });
    expect([uz.status, en.status, cyrl.status]).toEqual([400, 400, 400]);
    expect(uz.body.from_amount).toEqual(['Musbat summa kiriting.']);
    expect(uz.body.detail).toBe('from_amount: Musbat summa kiriting.');
    expect(uz.body.field_messages).toEqual({
      from_amount: [{ key: 'validation.finance.enter_positive_amount' }],
    });
    expect(uz.body.detail_message).toEqual(
      msg('errors.field_message', {
        field: 'from_amount',
        message: msg('validation.finance.enter_positive_amount'),
      }),
    );
    expect(cyrl.body.from_amount).toEqual([tr('uz-Cyrl', msg('validation.finance.enter_positive_amount'))]);
    expect(cyrl.body.from_amount[0]).toMatch(/[ўқғҳа-я]/i);
    expect(cyrl.body.detail).toBe(`from_amount: ${cyrl.body.from_amount[0]}`);
    expect(en.body.detail).toBe(`from_amount: ${en.body.from_amount[0]}`);
  });

  it('renders a not-found, a message with its values, and a success that only says something', async () => {
    const missing = await owner.get('offers/offers/987654321/', ru);
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe(tr('ru', msg('errors.not_found')));

    // "{code} biznesda allaqachon bor: ...": the currency code comes back inside the Russian text.
    const again = await owner.post(
      'finance/currencies/',
      { code: 'USD', name: 'Dollar', rate_to_uzs: '1' },
      ru,
    );
    expect(again.status).toBe(409);
    expect(again.body.detail).toContain('USD');
    expect(again.body.detail).toBe(tr('ru', msg('errors.finance.currency_exists', { code: 'USD' })));
    expect(again.body.detail_message).toEqual(msg('errors.finance.currency_exists', { code: 'USD' }));
    expect(again.body.detail).toMatch(/[а-я]/);

    const sent = await anonymous.post('auth/forgot-password/', { email: 'nobody@test.uz' }, ru);
    expect(sent.status).toBe(200);
    expect(sent.body.detail).toBe(tr('ru', msg('answers.auth.if_email_belongs_account_code')));
  });

  it('renders money in a refusal for the reader, when the answer is sent', async () => {
    await fund(t.db, users.Kassir, USD, '25520.75');
    const body = { from_currency: USD, to_currency: UZS, from_amount: '30000' };
    const uz = await kassir.post('offers/exchanges/', body);
    expect(uz.status).toBe(409);
    expect(uz.body.detail).toContain('25 520.75 USD');
    expect(uz.body.detail_message.values.have).toEqual({ amount: '25520.75', currency: 'USD' });
    const en = await kassir.post('offers/exchanges/', body, { 'accept-language': 'en' });
    expect(en.body.detail).toContain('25,520.75 USD');
  });

  it('leaves the data of a success alone, and says the answer varies with the language', async () => {
    // A name that is also a text of the catalogues stays the name it is.
    await t.db
      .updateTable('users')
      .set({ first_name: 'Topilmadi.' })
      .where('id', '=', users.Owner.id)
      .execute();
    const me = await owner.get('auth/whoami/', ru);
    expect(me.status, JSON.stringify(me.body)).toBe(200);
    expect(me.body.profile.first_name).toBe('Topilmadi.');
    expect(me.headers.get('vary')).toContain('Accept-Language');
  });
});

const lastMailTo = (email: string) => lastMail(t.dataDir, email) ?? '';

describe('an e-mail in its recipient’s language', () => {
  const valid = tr('uz', msg('email.code_valid_for_10_minutes'));
  const validIn = (language: 'ru' | 'en') => tr(language, msg('email.code_valid_for_10_minutes'));

  it('is in the language the recipient chose, whatever the request asks', async () => {
    await kassir.patch('auth/me/', { language: 'ru' });
    const before = Date.now();
    await anonymous.post('auth/forgot-password/', { email: users.Kassir.email }, { 'accept-language': 'en' });
    await waitForMailedCode(t.dataDir, users.Kassir.email, before);
    const mail = lastMailTo(users.Kassir.email);
    expect(mail).toContain(validIn('ru'));
    expect(mail).not.toContain(valid);
    expect(mail).not.toContain(validIn('en'));
  });

  it('is in the request’s language for a recipient who chose none, Uzbek with English below by default', async () => {
    const before = Date.now();
    await anonymous.post(
      'auth/forgot-password/',
      { email: users.manager.email },
      { 'accept-language': 'en' },
    );
    await waitForMailedCode(t.dataDir, users.manager.email, before);
    const english = lastMailTo(users.manager.email);
    expect(english).toContain(validIn('en'));
    expect(english).not.toContain(valid);

    await t.db.deleteFrom('one_time_codes').where('email', '=', users.manager.email).execute();
    const later = Date.now();
    await anonymous.post('auth/forgot-password/', { email: users.manager.email });
    await waitForMailedCode(t.dataDir, users.manager.email, later);
    const uzbek = lastMailTo(users.manager.email);
    expect(uzbek).toContain(valid);
    expect(uzbek).toContain(validIn('en'));
  });
});

describe('an invitation in the inviting administrator’s language', () => {
  it('is in the Accept-Language of the request that invites, Uzbek with English below without one', async () => {
    const open = msg('email.open_link_choose_password_valid', { hours: INVITE_TTL_HOURS });
    const person = (email: string) => ({
      email,
      role: 'Kassir',
      first_name: 'Yangi',
      last_name: 'Xodim',
      code: 'K-9',
      login_otp: false,
    });
    const english = await owner.post('admin/users/', person('invite-en@texts.uz'), {
      'accept-language': 'en',
    });
    expect(english.status, JSON.stringify(english.body)).toBe(201);
    const inEnglish = lastMailTo('invite-en@texts.uz');
    expect(inEnglish).toContain(tr('en', open));
    expect(inEnglish).not.toContain(tr('uz', open));
    expect((await owner.post('admin/users/', person('invite-uz@texts.uz'))).status).toBe(201);
    const inUzbek = lastMailTo('invite-uz@texts.uz');
    expect(inUzbek).toContain(tr('uz', open));
    expect(inUzbek).toContain(tr('en', open));
  });
});

describe('a notification in its reader’s language', () => {
  it('is stored as its message and read in the Accept-Language', async () => {
    const set = await owner.post(`finance/currencies/${USD}/rates/`, { rate_to_uzs: '12900' });
    expect(set.status).toBe(201);
    const uz = (await kassir.get('notifications/')).body.results[0];
    expect(uz.title).toMatch(/^Kurs o'zgardi: 1 USD = /);
    const inRussian = (await kassir.get('notifications/', ru)).body.results[0];
    expect(inRussian.id).toBe(uz.id);
    expect(inRussian.title).toBe(
      tr('ru', msg('notice.exchange_rate_changed', { line: '1 USD = 12900.000000 UZS' })),
    );
    expect(inRussian.title).not.toBe(uz.title);
    expect(inRussian.body).toMatch(/[а-я]/);
    expect(inRussian.body).not.toBe(uz.body);
  });

  it('goes out by e-mail in the recipient’s language, Uzbek with English below when none was chosen', () => {
    const title = msg('notice.low_stock', { sku: 'KO-1' });
    const n = {
      ...({} as ClaimedNotification),
      email: 'a@test.uz',
      title: 'Kam qoldiq: KO-1',
      title_message: title,
      body: "Ko'ylak: 2.000 qoldi (eng kami 5.000).",
      body_message: msg('notice.left_minimum', { label: "Ko'ylak", qty: '2.000', min: '5.000' }),
    };
    const english = notificationMessage({ ...n, language: 'en' }, undefined);
    expect(english.subject).toBe(tr('en', title));
    expect(english.subject).toContain('KO-1');
    expect(english.subject).not.toBe(n.title);
    const uzbek = notificationMessage({ ...n, language: null }, undefined);
    expect(uzbek.subject).toBe(n.title);
    const why = tr('uz', msg('email.you_chose_receive_these_notifications'));
    expect(uzbek.text).toContain(why);
    expect(uzbek.text).toContain(tr('en', msg('email.you_chose_receive_these_notifications')));
    expect(english.text).not.toContain(why);
  });
});

describe('a record the code wrote, read in the Accept-Language', () => {
  it('renders a History line, its list of changes included, and leaves the names in it', async () => {
    const changed = await owner.patch('admin/settings/', { name: 'Qulay Savdo', follow_cbu: true });
    expect(changed.status).toBe(200);
    const uz = (await owner.get('audit/?action=settings.update')).body.results[0];
    expect(uz.summary).toMatch(
      /^Sozlamalar o'zgardi: nomi: .* -> Qulay Savdo; Markaziy bank kurslari yoqildi$/,
    );
    const inRussian = (await owner.get('audit/?action=settings.update', ru)).body.results[0];
    expect(inRussian.id).toBe(uz.id);
    expect(inRussian.summary).toContain('Qulay Savdo');
    expect(inRussian.summary).not.toMatch(/Sozlamalar|nomi|yoqildi/);
  });

  it("renders an exchange's reason in the ledger and keeps its amounts", async () => {
    await fund(t.db, users.manager, USD, '100');
    const client = manager;
    const done = await client.post('offers/exchanges/', {
      from_currency: USD,
      to_currency: UZS,
      from_amount: '10',
    });
    expect(done.status).toBe(201);
    const uz = (await client.get('finance/money-transactions/by-user/')).body.results[0];
    expect(uz.reason).toMatch(/^Almashtirish: 10\.00 USD -> /);
    const en = (await client.get('finance/money-transactions/by-user/', { 'accept-language': 'en' })).body
      .results[0];
    expect(en.reason).not.toContain('Almashtirish');
    expect(en.reason).toContain('10.00 USD');
  });
});

describe('a row written before messages had keys', () => {
  it('is shown as stored, in every language', async () => {
    await t.db
      .insertInto('audit_log')
      .values({
        business_id: users.Owner.businessId,
        actor_id: users.Owner.id,
        action: 'legacy.row',
        entity: 'business',
        summary: "Sozlamalar o'zgardi: eski",
      })
      .execute();
    const inRussian = (await owner.get('audit/?action=legacy.row', ru)).body.results[0];
    expect(inRussian.summary).toBe("Sozlamalar o'zgardi: eski");
  });
});
