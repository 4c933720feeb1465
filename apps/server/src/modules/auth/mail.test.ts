import { afterAll, beforeAll, expect, it } from 'vitest';
import { ApiClient } from '../../../test/client.ts';
import { createBusiness, createUser } from '../../../test/factories.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { startSmtpSink } from '../../../test/smtp-sink.ts';

let t: TestApp;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await startTestApp({ env: { SMTP_URL: sink.url, MAIL_FROM: 'Back office <no-reply@test.uz>' } });
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

it('delivers the reset code over real SMTP, in Uzbek with an English line, as text and HTML', async () => {
  const business = await createBusiness(t.db);
  const user = await createUser(t.db, { businessId: business.id, role: 'Owner' });
  const res = await new ApiClient(t.url).post('auth/forgot-password/', { email: user.email });
  expect(res.status).toBe(200);
  for (let i = 0; i < 100 && sink.messages.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
  expect(sink.messages).toHaveLength(1);
  const raw = sink.messages[0] ?? '';
  expect(raw).toContain(`To: ${user.email}`);
  expect(raw).toContain('From: Back office <no-reply@test.uz>');
  expect(raw).toMatch(/Content-Type: text\/plain/);
  expect(raw).toMatch(/Content-Type: text\/html/);
  expect(raw).toMatch(/Parolni tiklash kodi: \d{6}/);
  expect(raw).toMatch(/Your password reset code: \d{6}/);
});
