import type { Translate } from '../i18n';
import { escapeHtml } from './escape-html';
import type { MailContent } from './mailer';

export type PasswordResetMail = {
  /** Translates the `mail` namespace into the language the request asked for. */
  t: Translate;
  name: string;
  /** The one-time link: APP_URL/redefinir-senha?token=... */
  link: string;
  /** How long the link is valid. */
  minutes: number;
};

/**
 * The password reset email: a plain-text part for every mail client and an HTML part with a
 * button. Every text comes from the `mail` namespace; the user's name and the link are escaped
 * in the HTML, so a name such as "<b>Ana</b>" stays text.
 */
export function renderPasswordResetMail({ t, name, link, minutes }: PasswordResetMail): MailContent {
  const texts = {
    greeting: t('mail:password_reset.greeting', { name }),
    body: t('mail:password_reset.body', { minutes }),
    button: t('mail:password_reset.button'),
    linkHint: t('mail:password_reset.link_hint'),
    ignore: t('mail:password_reset.ignore'),
    signature: t('mail:password_reset.signature'),
  };
  const text = [texts.greeting, texts.body, link, texts.ignore, `— ${texts.signature}`].join('\n\n') + '\n';
  const html = [
    '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">',
    `<p>${escapeHtml(texts.greeting)}</p>`,
    `<p>${escapeHtml(texts.body)}</p>`,
    `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#1d4ed8;color:#ffffff;border-radius:6px;text-decoration:none">${escapeHtml(texts.button)}</a></p>`,
    `<p style="font-size:13px;color:#4b5563">${escapeHtml(texts.linkHint)}<br>${escapeHtml(link)}</p>`,
    `<p>${escapeHtml(texts.ignore)}</p>`,
    `<p>— ${escapeHtml(texts.signature)}</p>`,
    '</body></html>',
  ].join('');
  return { subject: t('mail:password_reset.subject'), text, html };
}
