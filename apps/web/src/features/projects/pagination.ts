import { PROJECTS_PER_PAGE } from '@hearth/contracts';

export interface Page<T> {
  items: T[];
  /** 1-based, clamped to the pages that exist (a deleted last item moves back a page). */
  page: number;
  pageCount: number;
}

export function paginate<T>(all: readonly T[], requestedPage: number, perPage = PROJECTS_PER_PAGE): Page<T> {
  const pageCount = Math.max(1, Math.ceil(all.length / perPage));
  const page = Math.min(Math.max(1, Math.floor(requestedPage) || 1), pageCount);
  return { items: all.slice((page - 1) * perPage, page * perPage), page, pageCount };
}
