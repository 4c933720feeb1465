import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /**
   * True for the development mail drop (no SMTP_URL): only then may a one-time code also go to
   * the log, where a developer reads it; with real SMTP whoever reads the logs must not be able to
   * sign in or reset a password (DESIGN.md section 5).
   */
  readonly drop: boolean;
  send(message: MailMessage): Promise<void>;
}

/**
 * Real SMTP through nodemailer when SMTP_URL is set; otherwise each message is rendered by
 * nodemailer into an .eml file under DATA_DIR/mail (DESIGN.md section 2).
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      drop: false,
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  const mailDir = path.join(options.dataDir, 'mail');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let sequence = 0;
  return {
    drop: true,
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await mkdir(mailDir, { recursive: true });
      const safeTo = message.to.replace(/[^a-z0-9@._-]/gi, '_');
      sequence += 1;
      const file = path.join(mailDir, `${Date.now()}-${process.pid}-${sequence}-${safeTo}.eml`);
      await writeFile(file, info.message as Buffer);
      options.log.info(
        { mailFile: file, to: message.to },
        'mail written to the mail drop (SMTP_URL is not set)',
      );
    },
  };
}

export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The one-time code message, in Uzbek with an English line, as plain text and HTML. */
export function codeMessage(to: string, code: string, purpose: 'RESET' | 'LOGIN'): MailMessage {
  const uz = purpose === 'RESET' ? 'Parolni tiklash kodi' : 'Kirish kodi';
  const en = purpose === 'RESET' ? 'Your password reset code' : 'Your sign-in code';
  const text = [
    `${uz}: ${code}`,
    'Kod 10 daqiqa amal qiladi. Agar siz so‘ramagan bo‘lsangiz, bu xatni e’tiborsiz qoldiring.',
    '',
    `${en}: ${code} (valid for 10 minutes). If you did not ask for it, ignore this message.`,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:sans-serif">
<p>${escapeHtml(uz)}:</p>
<p style="font-size:28px;letter-spacing:6px;font-weight:bold">${escapeHtml(code)}</p>
<p>Kod 10 daqiqa amal qiladi. Agar siz so‘ramagan bo‘lsangiz, bu xatni e’tiborsiz qoldiring.</p>
<p style="color:#666">${escapeHtml(en)}: ${escapeHtml(code)} (valid for 10 minutes). If you did not ask for it, ignore this message.</p>
</body></html>`;
  return { to, subject: `${uz} / ${en}`, text, html };
}

/** The invitation of DESIGN.md section 9: a single-use link to choose a password. */
export function inviteMessage(to: string, link: string, businessName: string, hours: number): MailMessage {
  const uz = `${businessName}: back office'ga taklif`;
  const en = `You are invited to ${businessName}'s back office`;
  const text = [
    `Sizni ${businessName} back office tizimiga taklif qilishdi.`,
    `Parol tanlash uchun havolani oching (${hours} soat amal qiladi, bir marta ishlaydi):`,
    link,
    '',
    `${en}. Choose a password with this link (valid ${hours} hours, once): ${link}`,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:sans-serif">
<p>Sizni <b>${escapeHtml(businessName)}</b> back office tizimiga taklif qilishdi.</p>
<p><a href="${escapeHtml(link)}" style="font-size:18px">Parol tanlash</a></p>
<p>Havola ${hours} soat amal qiladi va bir marta ishlaydi: ${escapeHtml(link)}</p>
<p style="color:#666">${escapeHtml(en)}. Choose a password with the link above (valid ${hours} hours, once).</p>
</body></html>`;
  return { to, subject: `${uz} / ${en}`, text, html };
}
