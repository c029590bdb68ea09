import { zipFileName, type Project } from '@hearth/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiFetch, errorCode } from '../../../lib/api-client';
import { fileNameFromContentDisposition, looksLikeCompleteZip } from '../download-file';

export type DownloadProblem = 'no-enhanced-photos' | 'failed' | 'zip-issue';

/** A download that could not be saved, with the SPEC §8 case it falls under. */
export class DownloadError extends Error {
  constructor(
    readonly problem: DownloadProblem,
    options?: { cause?: unknown },
  ) {
    super(problem, options);
    this.name = 'DownloadError';
  }
}

export interface DownloadedFile {
  fileName: string;
  blob: Blob;
}

/** 'chosen': the chosen version of each photo, one file per photo; 'all': every version (issue 12). */
export type DownloadVersions = 'chosen' | 'all';

export interface DownloadProjectInput {
  project: Pick<Project, 'id' | 'name'>;
  versions: DownloadVersions;
}

/**
 * GET /api/projects/:id/download[?versions=all]: one enhanced photo comes as itself, two or more as a ZIP. It
 * is read through the API client (so the bearer header and the error rules apply) and checked before saving.
 */
export async function downloadProject({ project, versions }: DownloadProjectInput): Promise<DownloadedFile> {
  let response: Response;
  const query = versions === 'all' ? '?versions=all' : '';
  try {
    response = await apiFetch(`/api/projects/${encodeURIComponent(project.id)}/download${query}`);
  } catch (error) {
    const problem = errorCode(error) === 'NO_ENHANCED_PHOTOS' ? 'no-enhanced-photos' : 'failed';
    throw new DownloadError(problem, { cause: error });
  }
  const isZip = (response.headers.get('content-type') ?? '').includes('zip');
  let blob: Blob;
  try {
    blob = await response.blob();
  } catch (error) {
    // The body broke off while it streamed: for a ZIP built on the fly that is a ZIP problem.
    throw new DownloadError(isZip ? 'zip-issue' : 'failed', { cause: error });
  }
  if (isZip && !looksLikeCompleteZip(new Uint8Array(await blob.arrayBuffer()))) throw new DownloadError('zip-issue');
  const fileName =
    fileNameFromContentDisposition(response.headers.get('content-disposition')) ??
    (isZip ? zipFileName(project.name) : 'enhanced.jpg');
  return { fileName, blob };
}

export function useDownloadProject() {
  return useMutation({ mutationFn: downloadProject });
}

/** Hands a downloaded file to the browser's save mechanism. */
export function saveFile({ fileName, blob }: DownloadedFile) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers start reading the blob only after the click handler returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
