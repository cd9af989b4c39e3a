import type { User } from '@fieldcraft/contracts';

/** True when the account must change its password before using the app. */
export function needsPasswordChange(
  user: Pick<User, 'passwordChangeRequired' | 'requiresReset'> | null | undefined,
) {
  return Boolean(user && (user.passwordChangeRequired || user.requiresReset));
}
