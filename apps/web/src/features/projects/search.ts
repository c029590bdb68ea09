import type { Project } from '@hearth/contracts';

/** As the server's `?q=`: every word of the search appears in the project's name or its listing address. */
export function matchesSearch(project: Pick<Project, 'name' | 'address'>, search: string): boolean {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const haystacks = [project.name.toLowerCase(), (project.address ?? '').toLowerCase()];
  return words.every((word) => haystacks.some((text) => text.includes(word)));
}
