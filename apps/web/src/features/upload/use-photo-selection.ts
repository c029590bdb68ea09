import { MAX_PHOTOS_PER_BATCH, REJECTED_FILES_MESSAGE } from '@hearth/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { showToast } from '../../lib/toast';
import { addToSelection, fileIdentity } from './file-selection';
import type { QuotaProblem } from '../../lib/quota';
import { looksLikeImage } from './sniff-image';

export interface SelectedPhoto {
  id: string;
  file: File;
  /** An object URL for the preview; revoked when the photo leaves the selection. */
  previewUrl: string;
}

export const [rejectedTitle, rejectedDescription] = splitMessage(REJECTED_FILES_MESSAGE);

/** SPEC §5's rejection toast, naming the files: '… are allowed. Not added: a.txt, b.pdf.' */
export const rejectedFilesToast = (names: readonly string[], what = 'Not added') => ({
  variant: 'destructive' as const,
  title: rejectedTitle,
  description: `${rejectedDescription} ${what}: ${names.join(', ')}.`,
});

/** 'Some files were rejected: Only JPG, ...' → a toast title and its description, words unchanged. */
function splitMessage(message: string): [string, string] {
  const at = message.indexOf(': ');
  return at < 0 ? [message, ''] : [message.slice(0, at), message.slice(at + 2)];
}

/**
 * The photos chosen for the next batch. Adding checks each file (SPEC §5), the batch size and, through
 * `checkQuota`, what is left of the allowance; every refusal is told in a toast.
 */
export function usePhotoSelection(checkQuota: (count: number) => QuotaProblem | null) {
  const [photos, setPhotos] = useState<SelectedPhoto[]>([]);
  const current = useRef(photos);
  useEffect(() => {
    current.current = photos;
  }, [photos]);
  // Object URLs live outside React's memory management: free them all when the dashboard goes away.
  useEffect(() => () => current.current.forEach((p) => URL.revokeObjectURL(p.previewUrl)), []);

  const add = useCallback(
    async (chosen: readonly File[]) => {
      // The first bytes tell a renamed text file or document from a photo before anything is sent.
      const verdicts = await Promise.all(chosen.map(looksLikeImage));
      const notImages = chosen.filter((_, index) => !verdicts[index]);
      const incoming = chosen.filter((_, index) => verdicts[index]);
      const before = current.current;
      const change = addToSelection(
        before.map((p) => p.file),
        incoming,
      );
      const { files, overBatchLimit } = change;
      const rejected = [...notImages, ...change.rejected];
      const added = files.slice(before.length);
      const quota = added.length > 0 ? checkQuota(files.length) : null;
      if (quota) {
        showToast({ variant: 'destructive', title: quota.title, description: quota.description });
        return;
      }
      if (rejected.length > 0) {
        showToast(rejectedFilesToast(rejected.map((f) => f.name)));
      } else if (overBatchLimit.length > 0) {
        showToast({
          variant: 'destructive',
          title: 'Too many photos',
          description: `You can upload at most ${MAX_PHOTOS_PER_BATCH} photos at a time.`,
        });
      }
      if (added.length === 0) return;
      const next = [
        ...before,
        ...added.map((file) => ({
          id: `${fileIdentity(file)}\u0000${crypto.randomUUID()}`,
          file,
          previewUrl: URL.createObjectURL(file),
        })),
      ];
      current.current = next;
      setPhotos(next);
    },
    [checkQuota],
  );

  const remove = useCallback((id: string) => {
    const photo = current.current.find((p) => p.id === id);
    if (!photo) return;
    URL.revokeObjectURL(photo.previewUrl);
    const next = current.current.filter((p) => p.id !== id);
    current.current = next;
    setPhotos(next);
  }, []);

  const clear = useCallback(() => {
    current.current.forEach((p) => URL.revokeObjectURL(p.previewUrl));
    current.current = [];
    setPhotos([]);
  }, []);

  return { photos, add, remove, clear };
}
