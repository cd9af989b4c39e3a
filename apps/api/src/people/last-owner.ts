import { ErrorCode } from '@fieldcraft/contracts';
import { AppError } from '../lib/app-error';
import type { Db } from '../plugins/db';
import { lockActiveOwners } from './users.repository';

/**
 * The last active OWNER must stay an active OWNER: throws 409 LAST_OWNER when `userId` is the
 * only one. Call it in the transaction that demotes or deactivates `userId`, before the
 * change: it locks the owners' rows, so two owners demoting each other at the same moment
 * are taken one after the other and the second is refused (docs/people-and-companies.md).
 */
export async function assertNotLastOwner(trx: Db, userId: number, message: string): Promise<void> {
  const owners = await lockActiveOwners(trx);
  if (owners.includes(userId) && owners.length <= 1) {
    throw new AppError(409, ErrorCode.LAST_OWNER, message);
  }
}
