import { randomBytes } from 'node:crypto';
import type { Db } from '../plugins/db';
import type { MailMessage, Mailer } from '../lib/mailer';
import {
  RESET_TOKEN_TTL_MINUTES,
  replaceResetToken,
  resetTokenHash,
} from './reset-tokens.repository';

/** The web page that takes the token (apps/web: paths.resetPassword). */
export const RESET_PAGE_PATH = '/reset-password';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The reset email: plain text and a simple HTML part carrying the same link. */
export function resetLinkMessage(to: string, link: string): MailMessage {
  const intro = 'Someone asked to reset the password of the account that uses this email address.';
  const lifetime = `The link works once, within ${RESET_TOKEN_TTL_MINUTES} minutes. Until it is used, your password stays as it is.`;
  const ignore = 'If you did not ask for this, you can ignore this email.';
  const href = escapeHtml(link);
  return {
    to,
    subject: 'Reset your password',
    text: [
      intro,
      '',
      'To choose a new password, open this link:',
      link,
      '',
      lifetime,
      '',
      ignore,
      '',
    ].join('\n'),
    html: [
      `<p>${escapeHtml(intro)}</p>`,
      `<p><a href="${href}">Choose a new password</a></p>`,
      `<p>If the link does not open, copy this address into your browser:<br>${href}</p>`,
      `<p>${escapeHtml(lifetime)}</p>`,
      `<p>${escapeHtml(ignore)}</p>`,
    ].join('\n'),
  };
}

/**
 * Issues a new one-time token for the user (in place of their unused ones) and mails the link.
 * The token itself exists only in the mail; the table keeps its hash.
 */
export async function mailResetLink(
  db: Db,
  mailer: Mailer,
  publicUrl: string,
  user: { id: number; email: string },
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  await replaceResetToken(db, user.id, resetTokenHash(token));
  const link = `${publicUrl}${RESET_PAGE_PATH}?token=${token}`;
  await mailer.send(resetLinkMessage(user.email, link));
}
