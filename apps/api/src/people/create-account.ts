import type { Role, User, UserStatus } from '@fieldcraft/contracts';
import { assertStrongPassword } from '../lib/password-strength';
import { hashPassword } from '../lib/passwords';
import type { Db } from '../plugins/db';
import { insertAuditEntry } from '../audit/audit.repository';
import { asIdentityConflict, identityTaken } from './identity-conflict';
import { findIdentityConflict, insertUser } from './users.repository';

export interface NewAccount {
  email: string;
  username: string;
  firstName: string;
  lastName: string;
  role: Role;
  status: UserStatus;
  password: string;
}

/**
 * Creates a user with an initial password they must replace at first sign-in, and its audit
 * row, in one transaction; a taken email or username is a 409. `companyId` is only set (and
 * audited) when given.
 */
export async function createAccount(
  db: Db,
  actorId: number,
  account: NewAccount,
  options: { ip: string; companyId?: number | null },
): Promise<User> {
  assertStrongPassword(account.password, 'password', [
    account.email,
    account.username,
    account.firstName,
    account.lastName,
  ]);
  const taken = await findIdentityConflict(db, account.email, account.username);
  if (taken) throw identityTaken(taken);
  const passwordHash = await hashPassword(account.password);
  const withCompany = options.companyId !== undefined;
  try {
    return await db.transaction().execute(async (trx) => {
      const created = await insertUser(trx, {
        email: account.email,
        username: account.username,
        firstName: account.firstName,
        lastName: account.lastName,
        role: account.role,
        status: account.status,
        passwordHash,
        // Whoever chose the initial password, the user must replace it (docs/decisions.md).
        passwordChangeRequired: true,
        ...(withCompany && { companyId: options.companyId }),
      });
      await insertAuditEntry(trx, {
        actorId,
        action: 'user.create',
        targetType: 'user',
        targetId: created.id,
        details: {
          email: created.email,
          username: created.username,
          role: created.role,
          status: created.status,
          ...(withCompany && { companyId: options.companyId }),
        },
        ip: options.ip,
      });
      return created;
    });
  } catch (err) {
    throw asIdentityConflict(err) ?? err;
  }
}
