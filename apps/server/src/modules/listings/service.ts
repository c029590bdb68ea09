import type { Readable } from 'node:stream';
import {
  DISCLOSURE_PROFILES,
  disclosureProfile,
  disclosureProfileIdSchema,
  zipFileName,
  type DisclosureProfileSummary,
  type ListingCheck,
  type MlsExportQuery,
} from '@hearth/contracts';
import type { Db } from '../../infrastructure/db/client';
import { HttpError, notFound } from '../../infrastructure/http/errors';
import { zipStream } from '../../infrastructure/archive/zip';
import { qrPng, qrSvg } from '../../infrastructure/qr/qr-code';
import { resultFormatOf, StorageNotFoundError, type ObjectStorage } from '../../infrastructure/storage/object-storage';
import { listingPhotos } from '../photos/service';
import { findPublishedProject, publicListingPath, requireProject, type ProjectRow } from '../projects/service';
import { checkListing, exportable } from './check';
import { exportEntries } from './mls-export';
import type { RenditionCache, RenditionRequest } from './public-images';
import { renderPublicPage } from './public-page';

export interface ListingDeps {
  db: Db;
  storage: ObjectStorage;
  /** The app's public origin: the originals page's absolute URL (labels, QR codes, remarks) starts with it. */
  appUrl: string;
}

/** The catalogue as the listing settings show it: each profile with its source and the rules it checks. */
export function profileSummaries(): DisclosureProfileSummary[] {
  return DISCLOSURE_PROFILES.map((p) => ({
    id: p.id,
    name: p.name,
    sourceTitle: p.source.title,
    sourceUrl: p.source.url,
    label: p.label.rule,
    labelText: p.label.text,
    labelWithUrl: p.label.withUrl,
    originals: p.originals,
    remarks: p.remarks,
    rules: p.restrictions.map((r) => r.rule),
  }));
}

/** The listing's profile; an id no longer in the catalogue falls back to Generic. */
const profileOf = (project: ProjectRow) =>
  disclosureProfile(disclosureProfileIdSchema.catch('generic').parse(project.disclosureProfile));

const absoluteUrl = (appUrl: string, project: ProjectRow) =>
  project.publicToken ? `${appUrl}${publicListingPath(project.publicToken)}` : null;

/** Checks the listing against its profile: every rule it breaks, naming the photo and the rule. */
export async function checkProjectListing(db: Db, userId: string, projectId: string): Promise<ListingCheck> {
  const project = await requireProject(db, userId, projectId);
  const profile = profileOf(project);
  const photos = exportable(await listingPhotos(db, projectId));
  const violations = checkListing(profile, photos, { published: Boolean(project.publicToken) });
  return { profile: profile.id, ok: violations.length === 0, violations };
}

/**
 * 'Download for MLS': a ZIP in the profile's order, streamed while each photo is made. Refused (409, each
 * broken rule named with its photo) when the listing breaks its profile, before any byte is sent.
 */
export async function exportForMls(
  { db, storage, appUrl }: ListingDeps,
  userId: string,
  projectId: string,
  { size: longEdge, label }: MlsExportQuery,
  now = new Date(),
): Promise<{ stream: Readable; fileName: string }> {
  const project = await requireProject(db, userId, projectId);
  const profile = profileOf(project);
  if (label && profile.label.rule === 'prohibited') {
    throw new HttpError(
      400,
      `${profile.name} does not allow text on listing photos: download without a label.`,
      'LABEL_PROHIBITED',
    );
  }
  const photos = exportable(await listingPhotos(db, projectId));
  if (!photos.length) throw new HttpError(404, 'No completed photos available for download yet', 'NO_ENHANCED_PHOTOS');
  const violations = checkListing(profile, photos, { published: Boolean(project.publicToken) });
  if (violations.length) {
    const first = violations[0]!;
    const where = first.fileName ? `${first.fileName}: ` : '';
    throw new HttpError(409, `This listing breaks a ${profile.name} rule. ${where}${first.rule}`, 'MLS_RULE_BROKEN', {
      violations,
    });
  }
  const publicUrl = absoluteUrl(appUrl, project);
  const burnLabel = profile.label.rule === 'required' || label;
  const entries = exportEntries(storage, photos, { profile, longEdge, burnLabel, publicUrl, madeAt: now });
  const name = project.address ?? project.name;
  return { stream: zipStream(entries), fileName: zipFileName(`${name} MLS`).replace(/_enhanced\.zip$/, '.zip') };
}

/** The QR code of the listing's originals page (published listings only). */
export async function listingQrCode(
  { db, appUrl }: Pick<ListingDeps, 'db' | 'appUrl'>,
  userId: string,
  projectId: string,
  format: 'png' | 'svg',
): Promise<Buffer> {
  const project = await requireProject(db, userId, projectId);
  const url = absoluteUrl(appUrl, project);
  if (!url) {
    throw new HttpError(409, 'Publish the originals page first: the QR code points to it.', 'LISTING_NOT_PUBLISHED');
  }
  return format === 'png' ? qrPng(url) : Buffer.from(await qrSvg(url), 'utf8');
}

/** The public originals page of a published listing; undefined (a 404) for any other token. */
export async function publicListingPage(db: Db, token: string): Promise<string | undefined> {
  const project = await findPublishedProject(db, token);
  if (!project) return undefined;
  const photos = exportable(await listingPhotos(db, project.id));
  return renderPublicPage({
    title: project.address ?? project.name,
    mlsNumber: project.mlsNumber,
    profile: profileOf(project),
    path: publicListingPath(token),
    photos,
  });
}

/** One image of the public page at full size: a photo of that listing only, its result or its unaltered original. */
export async function publicListingImage(
  { db, storage }: Pick<ListingDeps, 'db' | 'storage'>,
  token: string,
  photoId: string,
  kind: PublicImageKind,
): Promise<{ stream: Readable; contentType: string }> {
  const key = await publicImageKey(db, token, photoId, kind);
  // An area edit's result is a PNG (decision 015); every other file a JPEG.
  return { stream: await openStored(storage, key), contentType: resultFormatOf(key).contentType };
}

/** A smaller copy of one image of the public page (its srcset), in a modern format. */
export async function publicListingRendition(
  { db, storage, renditions }: Pick<ListingDeps, 'db' | 'storage'> & { renditions: RenditionCache },
  token: string,
  photoId: string,
  kind: PublicImageKind,
  size: Pick<RenditionRequest, 'width' | 'format'>,
): Promise<Buffer> {
  const key = await publicImageKey(db, token, photoId, kind);
  const load = async () => Buffer.concat(await (await openStored(storage, key)).toArray());
  return renditions.get({ key, ...size, load });
}

type PublicImageKind = 'result' | 'original';

/** The storage key of a published photo's image; 404 for anything the token does not publish. */
async function publicImageKey(db: Db, token: string, photoId: string, kind: PublicImageKind): Promise<string> {
  const project = await findPublishedProject(db, token);
  if (!project) throw notFound('Not found');
  const photo = exportable(await listingPhotos(db, project.id)).find((p) => p.id === photoId);
  const key = kind === 'result' ? photo?.resultKey : photo?.originalKey;
  if (!key) throw notFound('Not found');
  return key;
}

function openStored(storage: ObjectStorage, key: string): Promise<Readable> {
  return storage.get(key).catch((error: unknown) => {
    if (error instanceof StorageNotFoundError) throw notFound('Not found');
    throw error;
  });
}
