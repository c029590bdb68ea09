import type { Project } from '@hearth/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { projectsQueryKeys } from './api/get-projects';
import { newlyCompleted } from './project-progress';

/**
 * SPEC §4: when a project turns from processing to completed, its photos (and with them the
 * thumbnails) are fetched again; `onCompleted` lets the page refresh what other features own
 * (the usage stats).
 */
export function useRefreshOnCompletion(projects: readonly Project[] | undefined, onCompleted: () => void) {
  const queryClient = useQueryClient();
  const previous = useRef(new Map<string, Project['status']>());
  useEffect(() => {
    if (!projects) return;
    const done = newlyCompleted(previous.current, projects);
    previous.current = new Map(projects.map((p) => [p.id, p.status]));
    if (done.length === 0) return;
    for (const id of done) void queryClient.invalidateQueries({ queryKey: projectsQueryKeys.photos(id) });
    onCompleted();
  }, [projects, onCompleted, queryClient]);
}
