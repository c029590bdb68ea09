import { inArray, lt } from 'drizzle-orm';
import type { Db } from '../../infrastructure/db/client';
import { photo, uploadInFlight } from '../../infrastructure/db/schema';
import type { ObjectStorage } from '../../infrastructure/storage/object-storage';

/**
 * Originals are stored as they arrive, before the photo rows exist (docs/decisions/082). A process killed in
 * between leaves an original no row points to; these rows say which ones may be such.
 */

/**
 * Anything in flight this long belongs to no request. An upload is only cut when it stalls, not for taking
 * long: 30 photos of 25 MB on a slow uplink can take hours, so the margin is a day, not an hour.
 */
export const ABANDONED_UPLOAD_AFTER_MS = 24 * 60 * 60 * 1000;

/** Recorded before the original's bytes go to storage under `storageKey`. */
export async function markUploadInFlight(db: Db, row: { photoId: string; userId: string; storageKey: string }) {
  await db.insert(uploadInFlight).values(row);
}

/** The originals are settled: taken into photos (inside their transaction) or removed. */
export async function clearUploadsInFlight(db: Db, photoIds: readonly string[]) {
  if (photoIds.length === 0) return;
  await db.delete(uploadInFlight).where(inArray(uploadInFlight.photoId, [...photoIds]));
}

/**
 * `retention.sweep`: removes the originals of uploads in flight for longer than any upload takes whose photo
 * was never created (a process killed mid-upload), then forgets them. Returns how many originals it removed.
 */
export async function removeAbandonedUploads(
  { db, storage }: { db: Db; storage: ObjectStorage },
  now = new Date(),
): Promise<number> {
  const stale = await db
    .select()
    .from(uploadInFlight)
    .where(lt(uploadInFlight.createdAt, new Date(now.getTime() - ABANDONED_UPLOAD_AFTER_MS)));
  if (stale.length === 0) return 0;
  const ids = stale.map((row) => row.photoId);
  const taken = new Set(
    (await db.select({ id: photo.id }).from(photo).where(inArray(photo.id, ids))).map((row) => row.id),
  );
  const orphans = stale.filter((row) => !taken.has(row.photoId));
  // A file that cannot be deleted now keeps its row, to be tried again at the next sweep.
  const removed = await Promise.all(
    orphans.map((row) =>
      storage.delete(row.storageKey).then(
        () => row.photoId,
        () => null,
      ),
    ),
  );
  const settled = [...taken, ...removed.filter((id): id is string => id !== null)];
  await clearUploadsInFlight(db, settled);
  return removed.filter((id) => id !== null).length;
}
