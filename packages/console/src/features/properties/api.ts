/** The property calls of the admin API (docs/ADMIN-API.md "Properties, versions and publishing"). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Sdr } from '@tagwell/schema';
import { api, query } from '../../lib/api';
import type { Deployment, EnvironmentName, PropertyDetail, PropertySummary, Publication, Version, VersionSummary } from '../../lib/types';
import type { PropertyDocument } from './document';

const base = (name: string) => `/api/admin/properties/${encodeURIComponent(name)}`;

export const keys = {
  list: ['properties'] as const,
  property: (name: string) => ['property', name] as const,
  versions: (name: string) => ['property', name, 'versions'] as const,
  version: (name: string, version: number) => ['property', name, 'version', version] as const,
  publications: (name: string) => ['property', name, 'publications'] as const,
  sdr: (name: string, version?: number) => ['property', name, 'sdr', version ?? 'latest'] as const,
  audit: ['audit'] as const,
};

export const useProperties = () => useQuery({ queryKey: keys.list, queryFn: () => api.get<{ properties: PropertySummary[] }>('/api/admin/properties') });

export const useProperty = (name: string) => useQuery({ queryKey: keys.property(name), queryFn: () => api.get<PropertyDetail>(base(name)) });

export const useVersions = (name: string) =>
  useQuery({ queryKey: keys.versions(name), queryFn: () => api.get<{ versions: VersionSummary[] }>(`${base(name)}/versions`) });

export const versionQuery = (name: string, version: number) => ({
  queryKey: keys.version(name, version),
  queryFn: () => api.get<Version>(`${base(name)}/versions/${version}`),
  // A version never changes once saved.
  staleTime: Infinity,
});

export const usePublications = (name: string) =>
  useQuery({ queryKey: keys.publications(name), queryFn: () => api.get<{ publications: Publication[] }>(`${base(name)}/publications`) });

export const useSdr = (name: string, version?: number) =>
  useQuery({ queryKey: keys.sdr(name, version), queryFn: () => api.get<Sdr>(`${base(name)}/sdr${query({ version })}`) });

export interface SaveDraft {
  document: PropertyDocument;
  note?: string;
  baseVersion: number;
}

/** Saves a new version (a draft until published); the property's views then show it. */
export function useSaveDraft(name: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (draft: SaveDraft) => api.post<Version>(`${base(name)}/versions`, draft),
    onSuccess: (version) => {
      client.setQueryData<PropertyDetail>(keys.property(name), (old) => (old ? { ...old, latest: version } : old));
      client.setQueryData(keys.version(name, version.version), version);
      void client.invalidateQueries({ queryKey: keys.property(name) });
      void client.invalidateQueries({ queryKey: keys.list });
      void client.invalidateQueries({ queryKey: keys.audit });
    },
  });
}

export interface PublishAnswer {
  publication: Publication;
  deployment: Deployment;
}

export function usePublish(name: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { environment: EnvironmentName; version: number; note?: string }) => api.post<PublishAnswer>(`${base(name)}/publications`, input),
    onSettled: () => {
      // Also after a failure: someone else may have published in between.
      void client.invalidateQueries({ queryKey: keys.property(name) });
      void client.invalidateQueries({ queryKey: keys.list });
      void client.invalidateQueries({ queryKey: keys.audit });
    },
  });
}
