import {
  disclosureProfileSummarySchema,
  projectSchema,
  type Project,
  type UpdateProjectInput,
} from '@hearth/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch, apiRequest } from '../../../lib/api-client';
import { fileNameFromContentDisposition } from '../download-file';
import type { DownloadedFile } from './download-project';
import { projectsQueryKeys } from './get-projects';

const projectPath = (id: string) => `/api/projects/${encodeURIComponent(id)}`;

/** The disclosure profiles a listing can follow (a catalogue kept on the server with its sources). */
export function useDisclosureProfiles() {
  return useQuery({
    queryKey: ['disclosure-profiles'],
    queryFn: () => apiRequest('/api/disclosure-profiles', z.array(disclosureProfileSummarySchema)),
    staleTime: Infinity,
  });
}

/** Every change to a listing answers with the project as it now is, put straight into the list. */
function useListingChange<Input>(request: (input: Input) => Promise<Project>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (project) => {
      queryClient.setQueryData<Project[]>(projectsQueryKeys.list(), (list) =>
        list?.map((p) => (p.id === project.id ? project : p)),
      );
      return queryClient.invalidateQueries({ queryKey: projectsQueryKeys.list() });
    },
  });
}

export const useUpdateListing = () =>
  useListingChange(({ id, changes }: { id: string; changes: UpdateProjectInput }) =>
    apiRequest(projectPath(id), projectSchema, { method: 'PATCH', json: changes }),
  );

export const usePublishListing = () =>
  useListingChange(({ id, publish }: { id: string; publish: boolean }) =>
    apiRequest(
      `${projectPath(id)}/publish`,
      projectSchema,
      publish ? { method: 'POST', json: {} } : { method: 'DELETE' },
    ),
  );

export interface MlsDownloadOptions {
  /** The long edge of each photo, in pixels. */
  size: 2048 | 3000;
  /** Burn the label in where the listing's rules allow one (it always is where they require it). */
  label: boolean;
}

/** 'Download for MLS': the listing's ZIP in its profile's order; refused with the broken rule named. */
export async function downloadForMls(
  project: Pick<Project, 'id' | 'name'>,
  { size, label }: MlsDownloadOptions,
): Promise<DownloadedFile> {
  const response = await apiFetch(`${projectPath(project.id)}/mls-export?size=${size}${label ? '&label=true' : ''}`);
  const blob = await response.blob();
  const fileName =
    fileNameFromContentDisposition(response.headers.get('content-disposition')) ?? `${project.name} MLS.zip`;
  return { fileName, blob };
}

export const useDownloadForMls = () =>
  useMutation({
    mutationFn: ({ project, ...options }: { project: Project } & MlsDownloadOptions) =>
      downloadForMls(project, options),
  });
