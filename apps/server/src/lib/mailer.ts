import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type Language, msg } from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { tr } from './texts.ts';

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

/**
 * The languages a mail is written in: the recipient's, and for Uzbek an English part below it,
 * as the mails have always had (a recipient who never chose a language reads Uzbek).
 */
export function mailLanguages(language: Language): Language[] {
  return language === 'uz' ? ['uz', 'en'] : [language];
}

const HTML_HEAD = '<!doctype html><html><body style="font-family:sans-serif">';
const SECONDARY = 'color:#666';

/** The one-time code message (DESIGN.md section 5), in the recipient's language. */
export function codeMessage(
  to: string,
  code: string,
  purpose: 'RESET' | 'LOGIN',
  language: Language,
): MailMessage {
  const parts = mailLanguages(language).map((lang) => ({
    title:
      purpose === 'RESET'
        ? tr(lang, msg('email.your_password_reset_code'))
        : tr(lang, msg('email.your_sign_in_code')),
    valid: tr(lang, msg('email.code_valid_for_10_minutes')),
  }));
  const [first, ...others] = parts as [(typeof parts)[0], ...typeof parts];
  const text = parts.map((p) => `${p.title}: ${code}\n${p.valid}`).join('\n\n');
  const html = `${HTML_HEAD}
<p>${escapeHtml(first.title)}:</p>
<p style="font-size:28px;letter-spacing:6px;font-weight:bold">${escapeHtml(code)}</p>
<p>${escapeHtml(first.valid)}</p>
${others.map((p) => `<p style="${SECONDARY}">${escapeHtml(p.title)}: ${escapeHtml(code)}. ${escapeHtml(p.valid)}</p>\n`).join('')}</body></html>`;
  return { to, subject: parts.map((p) => p.title).join(' / '), text, html };
}

/** The invitation of DESIGN.md section 9: a single-use link to choose a password. */
export function inviteMessage(
  to: string,
  link: string,
  businessName: string,
  hours: number,
  language: Language,
): MailMessage {
  const values = { business: businessName, hours };
  const parts = mailLanguages(language).map((lang) => ({
    subject: tr(lang, msg('email.invitation_back_office', values)),
    invited: tr(lang, msg('email.you_have_been_invited_back', values)),
    open: tr(lang, msg('email.open_link_choose_password_valid', values)),
    choose: tr(lang, msg('email.choose_password')),
  }));
  const [first, ...others] = parts as [(typeof parts)[0], ...typeof parts];
  const text = parts.map((p) => [p.invited, p.open, link].join('\n')).join('\n\n');
  const html = `${HTML_HEAD}
<p>${escapeHtml(first.invited)}</p>
<p><a href="${escapeHtml(link)}" style="font-size:18px">${escapeHtml(first.choose)}</a></p>
<p>${escapeHtml(first.open)} ${escapeHtml(link)}</p>
${others.map((p) => `<p style="${SECONDARY}">${escapeHtml(p.invited)} ${escapeHtml(p.open)} ${escapeHtml(link)}</p>\n`).join('')}</body></html>`;
  return { to, subject: parts.map((p) => p.subject).join(' / '), text, html };
}
