import { describe, expect, it } from 'vitest';
import { allows, isRole } from './roles';

describe('roles', () => {
  it('builds each role on the one below', () => {
    const table = (['viewer', 'editor', 'publisher'] as const).map((role) =>
      (['read', 'edit', 'publish', 'manage-users'] as const).map((p) => allows({ role, admin: false }, p)),
    );
    expect(table).toEqual([
      [true, false, false, false],
      [true, true, false, false],
      [true, true, true, false],
    ]);
  });

  it('lets only administrators manage users, whatever their role', () => {
    expect(allows({ role: 'viewer', admin: true }, 'manage-users')).toBe(true);
    expect(allows({ role: 'viewer', admin: true }, 'publish')).toBe(false);
  });

  it('knows the roles', () => {
    expect(isRole('editor')).toBe(true);
    expect(isRole('admin')).toBe(false);
    expect(isRole(undefined)).toBe(false);
  });
});
