import type { Role } from '@fieldcraft/contracts';
import { paths } from '../../shared/paths';

export interface NavLink {
  label: string;
  href: string;
  roles: readonly Role[];
}

/** Links of the small-screen menu, each shown only to its roles. */
export const navLinks: NavLink[] = [
  { label: 'Content Management', href: paths.contentManagement.getHref(), roles: ['OWNER'] },
];

export function linksForRole(role: Role): NavLink[] {
  return navLinks.filter((link) => link.roles.includes(role));
}
