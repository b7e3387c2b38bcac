/** The user form's checks, the same as the server's (docs/ADMIN-API.md: passwords need at least 12 characters). */
import { isRole } from '@tagwell/schema';

export const MIN_PASSWORD = 12;

export interface UserFormErrors {
  username?: string;
  password?: string;
  role?: string;
}

export function validateNewUser(input: { username: string; password: string; role: string }): UserFormErrors {
  const errors: UserFormErrors = {};
  if (!input.username.trim()) errors.username = 'Enter a username';
  else if (/\s/.test(input.username.trim())) errors.username = 'A username cannot contain spaces';
  if (input.password.length < MIN_PASSWORD) errors.password = `The password must be at least ${MIN_PASSWORD} characters (it has ${input.password.length})`;
  if (!isRole(input.role)) errors.role = 'Choose a role';
  return errors;
}
