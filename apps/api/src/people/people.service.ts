import { ApiErrorSchema, ErrorCode, type ManagedUser, type User } from '@fieldcraft/contracts';
import { randomInt } from 'node:crypto';
import { AppError } from '../lib/app-error';
import type { Db } from '../plugins/db';
import { findManagedUser } from './people.repository';
import { canManage, scopeOf } from './people.policy';

/** The error answers every /api/people route declares. */
export const peopleErrors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
} as const;

export const userNotFound = () => new AppError(404, ErrorCode.USER_NOT_FOUND, 'User not found');
export const forbidden = (message: string) => new AppError(403, ErrorCode.FORBIDDEN, message);
export const companyNotFound = () =>
  new AppError(404, ErrorCode.COMPANY_NOT_FOUND, 'Company not found');

// No 0/O, 1/l/I: the owner reads it out or types it into a message.
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A temporary password: 14 characters (~80 bits), easy to read aloud. */
export function generateTemporaryPassword(): string {
  let out = '';
  for (let i = 0; i < 14; i += 1) out += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
  return out;
}

/** The target as the actor may see it; 404 (as if absent) when out of their scope. */
export async function visibleUser(db: Db, actor: User, id: number): Promise<ManagedUser> {
  const target = await findManagedUser(db, scopeOf(actor), id);
  if (!target) throw userNotFound();
  return target;
}

/** The target if the actor may change it; 403 for an ADMIN reaching outside their company. */
export async function manageableUser(db: Db, actor: User, id: number): Promise<ManagedUser> {
  const target = await visibleUser(db, actor, id);
  if (!canManage(actor, target)) throw forbidden('Admins can only manage users of their company');
  return target;
}
