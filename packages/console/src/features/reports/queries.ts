import { useQuery } from '@tanstack/react-query';
import { api, query } from '../../lib/api';
import type { Reports } from '../../lib/types';
import type { DayRange } from './date-range';

export const useReports = (range: DayRange | undefined) =>
  useQuery({
    queryKey: ['reports', range?.from, range?.to],
    queryFn: () => api.get<Reports>(`/api/admin/reports${query({ from: range?.from, to: range?.to })}`),
    enabled: range !== undefined,
    staleTime: 30_000,
  });
