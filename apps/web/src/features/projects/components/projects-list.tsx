import type { Project } from '@hearth/contracts';
import { ChevronLeft, ChevronRight, FolderOpen } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage, isUnauthorizedError } from '../../../lib/api-client';
import { redirectToLogin } from '../../../lib/login-redirect';
import { showToast } from '../../../lib/toast';
import { useNow } from '../../../lib/use-now';
import { useDeleteProject } from '../api/delete-project';
import { DownloadError, saveFile, useDownloadProject, type DownloadVersions } from '../api/download-project';
import type { GenerateAgainOptions } from '../generate-again';
import { paginate } from '../pagination';
import { Input } from '../../../components/ui/input';
import { matchesSearch } from '../search';
import { ListingDialog } from './listing-dialog';
import { ProjectReviewDialog } from './project-review-dialog';
import { ProjectRow } from './project-row';

interface ProjectsListProps {
  projects: readonly Project[] | undefined;
  error: Error | null;
  onRetry: () => void;
  /** What 'Generate again' in the review needs from other features. */
  generate: GenerateAgainOptions;
}

const MINUTE_MS = 60_000;

/** SPEC §2 recent projects: 5 per page with Previous/Next and 'Page X of Y', review, download, delete. */
export function ProjectsList({ projects, error, onRetry, generate }: ProjectsListProps) {
  const [requestedPage, setRequestedPage] = useState(1);
  const [reviewingId, setReviewingId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Project | null>(null);
  const [listingId, setListingId] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  // Retention badges count days; a minute is precise enough and keeps rendering pure.
  const now = useNow(MINUTE_MS);
  const download = useDownloadProject();
  const remove = useDeleteProject();

  const startDownload = (project: Project, versions: DownloadVersions) => {
    if (project.completedPhotos === 0) {
      showToast({
        variant: 'destructive',
        title: 'No Enhanced Photos',
        description: 'No completed photos available for download yet',
      });
      return;
    }
    download.mutate(
      { project, versions },
      {
        onSuccess: saveFile,
        onError: (failure) => {
          const cause = failure instanceof DownloadError ? failure.cause : failure;
          if (isUnauthorizedError(cause)) return redirectToLogin();
          showToast({ variant: 'destructive', ...downloadProblemToast(failure) });
        },
      },
    );
  };

  const confirmDelete = (project: Project) => {
    remove.mutate(project.id, {
      onSuccess: () => {
        setDeleting(null);
        if (reviewingId === project.id) setReviewingId(null);
        showToast({ title: 'Project Deleted', description: `"${project.name}" and its photos were deleted.` });
      },
      onError: (failure) => {
        if (isUnauthorizedError(failure)) return redirectToLogin();
        setDeleting(null);
        showToast({
          variant: 'destructive',
          title: 'Delete Failed',
          description: errorMessage(failure) ?? 'Failed to delete project. Please try again.',
        });
      },
    });
  };

  const found = (projects ?? []).filter((p) => matchesSearch(p, search));
  const { items, page, pageCount } = paginate(found, requestedPage);
  const listing = projects?.find((p) => p.id === listingId) ?? null;
  const reviewing = projects?.find((p) => p.id === reviewingId) ?? null;
  const downloadingFor = (project: Project) =>
    download.isPending && download.variables?.project.id === project.id ? download.variables.versions : null;

  return (
    <Card aria-labelledby="projects-title">
      <CardHeader>
        <CardTitle id="projects-title">Recent projects</CardTitle>
        <CardDescription>
          Each upload becomes a project. Review, compare and download the enhanced photos.
        </CardDescription>
      </CardHeader>
      <CardContent className="px-0 pb-2 sm:px-0">
        {projects && projects.length > 0 ? (
          <div className="px-5 pb-4 sm:px-6">
            <Input
              type="search"
              aria-label="Search projects by name or address"
              placeholder="Search by name or address"
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                setRequestedPage(1);
              }}
            />
          </div>
        ) : null}
        {error && !projects ? (
          <div role="alert" className="mx-5 space-y-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm sm:mx-6">
            <p className="font-semibold text-red-900">Your projects could not be loaded.</p>
            <Button variant="secondary" size="sm" onClick={onRetry}>
              Try again
            </Button>
          </div>
        ) : !projects ? (
          <Spinner className="py-12" label="Loading projects" />
        ) : projects.length === 0 ? (
          <div className="mx-5 flex flex-col items-center gap-2 rounded-xl border border-dashed border-stone-300 px-4 py-10 text-center sm:mx-6">
            <FolderOpen aria-hidden className="size-8 text-stone-400" />
            <p className="font-medium text-stone-900">No projects yet</p>
            <p className="text-sm text-stone-600">Upload photos above and your first project appears here.</p>
          </div>
        ) : (
          <ul className="divide-y divide-stone-200 border-t border-stone-200">
            {items.map((project) => (
              <li key={project.id}>
                <ProjectRow
                  project={project}
                  now={now}
                  downloading={downloadingFor(project)}
                  onReview={() => setReviewingId(project.id)}
                  onDownload={(versions) => startDownload(project, versions)}
                  onDelete={() => setDeleting(project)}
                  onListing={() => setListingId(project.id)}
                />
              </li>
            ))}
          </ul>
        )}
        {pageCount > 1 ? (
          <nav
            aria-label="Projects pages"
            className="flex items-center justify-between gap-3 border-t border-stone-200 px-5 pt-4 pb-3 sm:px-6"
          >
            <Button variant="secondary" size="sm" onClick={() => setRequestedPage(page - 1)} disabled={page <= 1}>
              <ChevronLeft aria-hidden className="size-4" />
              Previous
            </Button>
            <p className="text-sm whitespace-nowrap text-stone-600" aria-live="polite">
              Page {page} of {pageCount}
            </p>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => setRequestedPage(page + 1)}
              disabled={page >= pageCount}
            >
              Next
              <ChevronRight aria-hidden className="size-4" />
            </Button>
          </nav>
        ) : null}
      </CardContent>

      <ListingDialog project={listing} onOpenChange={(open) => !open && setListingId(null)} />

      <ProjectReviewDialog
        project={reviewing}
        onOpenChange={(open) => !open && setReviewingId(null)}
        onDownload={startDownload}
        downloading={reviewing ? downloadingFor(reviewing) : null}
        generate={generate}
      />

      <Dialog open={deleting !== null} onOpenChange={(open) => !open && !remove.isPending && setDeleting(null)}>
        {deleting ? (
          <DialogContent
            title="Delete project?"
            description={`Are you sure you want to delete the project "${deleting.name}"? This action cannot be undone.`}
          >
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <DialogClose asChild>
                <Button variant="secondary" disabled={remove.isPending}>
                  Cancel
                </Button>
              </DialogClose>
              <Button variant="destructive" onClick={() => confirmDelete(deleting)} disabled={remove.isPending}>
                {remove.isPending ? 'Deleting...' : 'Delete'}
              </Button>
            </div>
          </DialogContent>
        ) : null}
      </Dialog>
    </Card>
  );
}

/** SPEC §8 download toasts. */
function downloadProblemToast(failure: Error): { title: string; description: string } {
  const problem = failure instanceof DownloadError ? failure.problem : 'failed';
  switch (problem) {
    case 'no-enhanced-photos':
      return { title: 'No Enhanced Photos', description: 'No completed photos available for download yet' };
    case 'zip-issue':
      return {
        title: 'Download Issue',
        description: 'The ZIP file could not be completed. Please try again.',
      };
    case 'failed':
      return {
        title: 'Download Failed',
        description:
          errorMessage(failure instanceof DownloadError ? failure.cause : failure) ??
          'The download could not be completed. Please try again.',
      };
  }
}
