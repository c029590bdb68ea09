import type { Photo, PhotoVersion } from '@hearth/contracts';

type Status = Pick<PhotoVersion, 'status'>;

/** A version still on its way: the review keeps asking for the versions while any is. */
export const isPendingVersion = (version: Status) => version.status === 'waiting' || version.status === 'processing';
export const anyPendingVersion = (versions: readonly Status[] | undefined) => (versions ?? []).some(isPendingVersion);

/**
 * The version the review shows first: the photo's chosen one, else the newest finished one (that is what an
 * agent came to look at), else the newest of all.
 */
export function initialVersionId(
  photo: Pick<Photo, 'chosenVersionId'>,
  versions: readonly Pick<PhotoVersion, 'id' | 'status'>[],
): string | null {
  if (photo.chosenVersionId && versions.some((v) => v.id === photo.chosenVersionId)) return photo.chosenVersionId;
  const finished = versions.filter((v) => v.status === 'completed');
  return (finished.at(-1) ?? versions.at(-1))?.id ?? null;
}

/** Versions that were waiting or processing in `before` and have finished (completed or failed) in `after`. */
export function newlySettled(
  before: ReadonlyMap<string, PhotoVersion['status']>,
  after: readonly Pick<PhotoVersion, 'id' | 'status'>[],
): string[] {
  return after
    .filter((v) => !isPendingVersion(v))
    .filter((v) => {
      const was = before.get(v.id);
      return was !== undefined && isPendingVersion({ status: was });
    })
    .map((v) => v.id);
}

/** The list with newly made versions added once each, in their order. */
export function mergeVersions(existing: readonly PhotoVersion[], added: readonly PhotoVersion[]): PhotoVersion[] {
  const byId = new Map(existing.map((v) => [v.id, v]));
  for (const version of added) byId.set(version.id, version);
  return [...byId.values()].sort((a, b) => a.number - b.number);
}

/** The list after `chosenId` became the photo's chosen version. */
export const withChosen = (versions: readonly PhotoVersion[], chosenId: string | null): PhotoVersion[] =>
  versions.map((v) => (v.chosen === (v.id === chosenId) ? v : { ...v, chosen: v.id === chosenId }));

/** 'Waiting', 'Enhancing', 'Ready' or 'Failed', as the strip says it under each version. */
export function versionStatusText(version: Status): string {
  switch (version.status) {
    case 'waiting':
      return 'Waiting';
    case 'processing':
      return 'Enhancing';
    case 'completed':
      return 'Ready';
    case 'failed':
      return 'Failed';
  }
}

/** 'Living Room · Scandinavian', 'Custom instructions', or 'Living Room · Modern + instructions'. */
export function versionSettings(
  version: Pick<PhotoVersion, 'templateName' | 'style' | 'instructions' | 'baseVersionId'>,
): string {
  if (version.baseVersionId) return 'Area edit';
  const parts = [version.templateName, version.style].filter((part): part is string => Boolean(part));
  const instructions = Boolean(version.instructions?.trim());
  if (parts.length === 0) return instructions ? 'Custom instructions' : 'No template';
  return instructions ? `${parts.join(' · ')} + instructions` : parts.join(' · ');
}

/** What a screen reader hears for one version in the strip: number, state, settings, and its marks. */
export function versionAccessibleName(
  version: Pick<
    PhotoVersion,
    'number' | 'status' | 'chosen' | 'needsReview' | 'templateName' | 'style' | 'instructions' | 'baseVersionId'
  >,
): string {
  const marks = [
    `Version ${version.number}`,
    versionStatusText(version).toLowerCase(),
    versionSettings(version),
    version.chosen ? 'chosen' : null,
    version.needsReview ? 'needs review' : null,
  ];
  return marks.filter(Boolean).join(', ');
}
