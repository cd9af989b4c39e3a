import type { Role, User } from '@fieldcraft/contracts';
import type { PeopleScope } from './people.repository';

// The rules of docs/people-and-companies.md, in one place. OWNER: everyone and everything.
// ADMIN: only their own company (users other than OWNERs, and rooms); without a company,
// nobody. USER: none of this.

type Person = Pick<User, 'id' | 'role' | 'companyId'>;

export function scopeOf(actor: Person): PeopleScope {
  return actor.role === 'OWNER' ? { kind: 'all' } : { kind: 'company', companyId: actor.companyId };
}

/** Whether the actor may see the target at all (others answer 404, as if absent). */
export function canSee(actor: Person, target: Person): boolean {
  if (actor.role === 'OWNER') return true;
  if (actor.role !== 'ADMIN' || actor.companyId === null) return false;
  return target.companyId === actor.companyId && target.role !== 'OWNER';
}

/** Whether the actor may change the target (names, status, password, rooms, deactivation). */
export function canManage(actor: Person, target: Person): boolean {
  if (actor.role === 'OWNER') return true;
  // An ADMIN manages the USERs of their company: never OWNERs, never other ADMINs.
  return canSee(actor, target) && target.role === 'USER';
}

/** Roles the actor may give (create or edit). */
export function assignableRoles(actor: Person): Role[] {
  return actor.role === 'OWNER' ? ['OWNER', 'ADMIN', 'USER'] : ['USER'];
}

/** OWNER: anyone but themselves. ADMIN: USERs of their company. */
export function canImpersonate(actor: Person, target: Person): boolean {
  if (actor.id === target.id) return false;
  if (actor.role === 'OWNER') return true;
  return actor.role === 'ADMIN' && canManage(actor, target);
}
