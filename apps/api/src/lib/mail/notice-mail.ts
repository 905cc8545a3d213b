import { escapeHtml } from './escape-html';
import type { MailContent } from './mailer';

/** A notice about a record: a greeting, some lines, an optional quoted text and a link to open it. */
export type NoticeMail = {
  subject: string;
  greeting: string;
  lines: string[];
  /** Someone's words (a note), shown as a quote; line breaks kept. */
  quote?: string;
  button: string;
  link: string;
  signature: string;
};

const QUOTE_STYLE =
  'margin:12px 0;padding:8px 12px;border-left:3px solid #cbd5e1;color:#334155;white-space:pre-wrap';
const BUTTON_STYLE =
  'display:inline-block;padding:10px 18px;background:#1d4ed8;color:#ffffff;border-radius:6px;text-decoration:none';

/**
 * The plain-text and HTML parts of a notice. Every text is escaped in the HTML, so a note's
 * `<script>` arrives as text in every mail client.
 */
export function renderNoticeMail(notice: NoticeMail): MailContent {
  const quoteText = notice.quote === undefined ? [] : [notice.quote.replace(/^/gm, '> ')];
  const text =
    [notice.greeting, ...notice.lines, ...quoteText, notice.link, `— ${notice.signature}`].join('\n\n') +
    '\n';
  const html = [
    '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">',
    `<p>${escapeHtml(notice.greeting)}</p>`,
    ...notice.lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    notice.quote === undefined
      ? ''
      : `<blockquote style="${QUOTE_STYLE}">${escapeHtml(notice.quote)}</blockquote>`,
    `<p><a href="${escapeHtml(notice.link)}" style="${BUTTON_STYLE}">${escapeHtml(notice.button)}</a></p>`,
    `<p>— ${escapeHtml(notice.signature)}</p>`,
    '</body></html>',
  ].join('');
  return { subject: notice.subject, text, html };
}
