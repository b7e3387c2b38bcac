/**
 * Who may do what in the admin API and the console (docs/ADMIN-API.md). One ladder, shared by the
 * server, which enforces it, and the console, which shows only what it allows.
 */
export const ROLES = ['viewer', 'editor', 'publisher'] as const;
export type Role = (typeof ROLES)[number];

/** What a call needs; `manage-users` needs the admin flag on top of any role. */
export type Permission = 'read' | 'edit' | 'publish' | 'manage-users';

const NEEDS: Record<Exclude<Permission, 'manage-users'>, Role> = { read: 'viewer', edit: 'editor', publish: 'publisher' };

export interface Actor {
  role: Role;
  admin: boolean;
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function allows(actor: Actor, permission: Permission): boolean {
  if (permission === 'manage-users') return actor.admin;
  return ROLES.indexOf(actor.role) >= ROLES.indexOf(NEEDS[permission]);
}

/** The role a permission needs, for messages: "publishing needs the publisher role". */
export function roleNeeded(permission: Exclude<Permission, 'manage-users'>): Role {
  return NEEDS[permission];
}
