import { useQuery } from '@tanstack/react-query';
import { api, query } from '../../lib/api';
import type { ActivityResultsAnswer, EnvironmentName, ListedActivity } from './types';

export const useActivities = () =>
  useQuery({ queryKey: ['activities'], queryFn: () => api.get<{ activities: ListedActivity[] }>('/api/admin/activities'), staleTime: 30_000 });

export const useActivityResults = (id: string, environment: EnvironmentName, property: string | undefined) =>
  useQuery({
    queryKey: ['activities', id, 'results', environment, property],
    queryFn: () => api.get<ActivityResultsAnswer>(`/api/admin/activities/${encodeURIComponent(id)}/results${query({ environment, property })}`),
    staleTime: 30_000,
  });
