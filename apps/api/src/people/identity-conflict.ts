import { ErrorCode } from '@fieldcraft/contracts';
import { AppError } from '../lib/app-error';

/** 409 for an email or username another user already has. */
export function identityTaken(field: 'email' | 'username'): AppError {
  return field === 'email'
    ? new AppError(409, ErrorCode.EMAIL_TAKEN, 'A user with this email address already exists')
    : new AppError(409, ErrorCode.USERNAME_TAKEN, 'This username is already taken');
}

/** A unique violation on users (a concurrent create won the race) → the matching 409. */
export function asIdentityConflict(err: unknown): AppError | null {
  const e = err as { code?: unknown; constraint?: unknown; detail?: unknown; message?: unknown };
  if (e?.code !== '23505') return null;
  const text = `${String(e.constraint ?? '')} ${String(e.detail ?? '')} ${String(e.message ?? '')}`;
  if (text.includes('email')) return identityTaken('email');
  if (text.includes('username')) return identityTaken('username');
  return null;
}
