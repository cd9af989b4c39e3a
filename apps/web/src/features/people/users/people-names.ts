/** 'First Last', or the email when the account has no name. */
export function displayName(user: {
  firstName: string | null;
  lastName: string | null;
  email: string;
}): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || user.email;
}
