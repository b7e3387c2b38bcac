/** The user calls of the admin API (docs/ADMIN-API.md "Audit log and users"; admin only). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Role } from '@tagwell/schema';
import { api } from '../../lib/api';
import type { UserRow } from '../../lib/types';

export const USERS_KEY = ['users'] as const;

export const useUsers = () => useQuery({ queryKey: USERS_KEY, queryFn: () => api.get<{ users: UserRow[] }>('/api/admin/users') });

export interface NewUser {
  username: string;
  password: string;
  role: Role;
  admin: boolean;
}

function useUserMutation<T>(fn: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => {
      void client.invalidateQueries({ queryKey: USERS_KEY });
      void client.invalidateQueries({ queryKey: ['audit'] });
    },
  });
}

export const useCreateUser = () => useUserMutation((user: NewUser) => api.post<UserRow>('/api/admin/users', user));
export const useUpdateUser = () => useUserMutation(({ id, ...change }: { id: number; role?: Role; admin?: boolean }) => api.patch<UserRow>(`/api/admin/users/${id}`, change));
export const useDeleteUser = () => useUserMutation((id: number) => api.delete(`/api/admin/users/${id}`));
