// The debugger's own cache keys: another feature may keep the same answers under its keys.
import { useQuery } from '@tanstack/react-query';
import type { Sdr } from '@tagwell/schema';
import { api } from '../../lib/api';
import type { DemoPage, PropertyDetail } from '../../lib/types';

export const useDemoPages = () =>
  useQuery({ queryKey: ['debugger', 'demo-pages'], queryFn: () => api.get<{ pages: Array<DemoPage & { property?: string }> }>('/api/admin/demo-pages'), staleTime: 5 * 60_000 });

export const useSdr = (property: string) =>
  useQuery({ queryKey: ['debugger', 'sdr', property], queryFn: () => api.get<Sdr>(`/api/admin/properties/${encodeURIComponent(property)}/sdr`), staleTime: 60_000 });

export const useProperty = (property: string) =>
  useQuery({ queryKey: ['debugger', 'property', property], queryFn: () => api.get<PropertyDetail>(`/api/admin/properties/${encodeURIComponent(property)}`), staleTime: 60_000 });
