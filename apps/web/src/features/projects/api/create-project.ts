import { projectSchema, projectSessionName, type CreateProjectInput } from '@hearth/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** SPEC §7: named '<Day-part> Session - Mon D HH:MM' in the user's own time zone, status 'uploading'. */
export const createProject = (input: CreateProjectInput = {}) =>
  apiRequest('/api/projects', projectSchema, {
    method: 'POST',
    json: { name: input.name ?? projectSessionName(new Date()), status: 'uploading' },
  });

/** The project list is refreshed by the caller once its photos are uploaded, not for the empty project. */
export function useCreateProject() {
  return useMutation({ mutationFn: createProject });
}
