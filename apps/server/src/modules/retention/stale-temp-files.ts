import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * Uploads being received and jobs being run keep their bytes under the temporary folder and remove them
 * when they end; a process that is killed cannot. Anything not touched for this long has no owner left
 * (an upload still arriving, even a slow one, writes to its file all the time).
 */
export const TEMP_FILE_MAX_AGE_MS = 6 * 60 * 60 * 1000;

/** Removes temporary files and job folders left behind by killed processes; returns how many. */
export async function removeStaleTempFiles(tempDir: string, now = new Date()): Promise<number> {
  const cutoff = now.getTime() - TEMP_FILE_MAX_AGE_MS;
  let removed = 0;
  for (const folder of [tempDir, path.join(tempDir, 'uploads')]) {
    const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const isJobFolder = entry.isDirectory() && entry.name.startsWith('job-');
      const isUploadFile = entry.isFile() && folder !== tempDir;
      if (!isJobFolder && !isUploadFile) continue;
      const target = path.join(folder, entry.name);
      const modified = await stat(target).then(
        (s) => s.mtimeMs,
        () => Infinity,
      );
      if (modified >= cutoff) continue;
      await rm(target, { recursive: true, force: true });
      removed++;
    }
  }
  return removed;
}
