import type { PhotoVersion } from '@hearth/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { projectsQueryKeys } from './api/get-projects';
import { newlySettled } from './versions';

/**
 * When a version of the photo under review finishes (made or failed), the project's photos and the project list
 * are asked again (status, counts and thumbnails follow), and `onSettled` lets the page refresh what other
 * features own: the usage, which a failure gives back.
 */
export function useRefreshOnVersionsSettled(
  projectId: string,
  versions: readonly PhotoVersion[] | undefined,
  onSettled: () => void,
) {
  const queryClient = useQueryClient();
  const previous = useRef(new Map<string, PhotoVersion['status']>());
  useEffect(() => {
    if (!versions) return;
    const settled = newlySettled(previous.current, versions);
    previous.current = new Map(versions.map((v) => [v.id, v.status]));
    if (settled.length === 0) return;
    void queryClient.invalidateQueries({ queryKey: projectsQueryKeys.photos(projectId), exact: true });
    void queryClient.invalidateQueries({ queryKey: projectsQueryKeys.list() });
    onSettled();
  }, [projectId, versions, onSettled, queryClient]);
}
