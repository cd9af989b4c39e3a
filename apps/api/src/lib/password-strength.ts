import { ErrorCode } from '@fieldcraft/contracts';
import { zxcvbn, zxcvbnOptions } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { AppError } from './app-error';

/**
 * The message for a password an attacker would try first (docs/operating.md, "Passwords").
 * Not a spec text: a decision recorded in docs/operating.md.
 */
export const WEAK_PASSWORD_MESSAGE =
  'This password is too easy to guess. Use a longer mix of words that is not a common password.';

/** zxcvbn's score runs 0–4; below this a password is refused. */
export const MIN_PASSWORD_SCORE = 2;

let configured = false;

/**
 * Whether a password is too easy to guess: zxcvbn (common passwords, names, English words,
 * keyboard patterns, dates, repeats) scores it under MIN_PASSWORD_SCORE, also counting what
 * the account itself gives away (`related`: email, username, names).
 */
export function isWeakPassword(password: string, related: readonly (string | null)[] = []) {
  if (!configured) {
    zxcvbnOptions.setOptions({ dictionary, graphs: adjacencyGraphs });
    configured = true;
  }
  const inputs = related
    .flatMap((text) => (text ? [text, ...text.split(/[@._\-\s]+/)] : []))
    .filter((text) => text.length >= 3);
  return zxcvbn(password, inputs).score < MIN_PASSWORD_SCORE;
}

/** 400 VALIDATION_FAILED on `field` when the password is too easy to guess. */
export function assertStrongPassword(
  password: string,
  field: string,
  related: readonly (string | null)[] = [],
): void {
  if (!isWeakPassword(password, related)) return;
  throw new AppError(400, ErrorCode.VALIDATION_FAILED, 'Validation failed', {
    issues: { formErrors: [], fieldErrors: { [field]: [WEAK_PASSWORD_MESSAGE] } },
  });
}
