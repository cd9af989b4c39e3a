import type { User } from '@fieldcraft/contracts';

/** The first name, or the local part of the email when there is none. */
export function greetingName(user: Pick<User, 'firstName' | 'email'>): string {
  return user.firstName?.trim() || user.email.split('@')[0] || user.email;
}
