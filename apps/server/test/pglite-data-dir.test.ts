import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/infrastructure/db/client';
import { createPgliteDataDirApart } from '../src/infrastructure/db/pglite-initdb';

const scratch: string[] = [];
const scratchDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'hearth-datadir-'));
  scratch.push(dir);
  return dir;
};
afterEach(() => scratch.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/**
 * RSS of a process of its own that opens and migrates the database on `dataDir` (test/helpers/open-new-data-dir.ts),
 * started with the memory settings `npm start` gives the server (scripts/with-allocator.sh).
 */
const rssOfProcessOpening = (dataDir: string) =>
  new Promise<number>((resolve, reject) =>
    execFile(
      'sh',
      [
        path.join(import.meta.dirname, '../../../scripts/with-allocator.sh'),
        process.execPath,
        '--import',
        'tsx',
        path.join(import.meta.dirname, 'helpers/open-new-data-dir.ts'),
        dataDir,
      ],
      (error, stdout) => (error ? reject(error) : resolve((JSON.parse(stdout) as { rssMb: number }).rssMb)),
    ),
  );

describe('a new embedded database directory (decision 119)', () => {
  it('is created apart, then opened by the process with everything written to it kept across openings', async () => {
    const dataDir = path.join(scratchDir(), 'db');
    const first = await openDatabase({ kind: 'pglite', dataDir });
    expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
    await first.migrate();
    await first.query('create table kept (note text)');
    await first.query('insert into kept values ($1)', ['written before the restart']);
    await first.close();

    // A directory that holds a cluster is left as it is.
    await createPgliteDataDirApart(dataDir, []);
    const second = await openDatabase({ kind: 'pglite', dataDir });
    const { rows } = await second.query('select note from kept where note = $1', ['written before the restart']);
    expect(rows).toEqual([{ note: 'written before the restart' }]);
    await second.close();
  });

  it('costs the process that opens it little more memory than opening it again later', async () => {
    const dataDir = path.join(scratchDir(), 'db');
    const firstOpening = await rssOfProcessOpening(dataDir);
    const laterOpening = await rssOfProcessOpening(dataDir);
    // Running initdb in the opening process left it 270–450 MB larger (decision 119).
    expect(firstOpening - laterOpening).toBeLessThan(200);
  });

  it('that cannot be created is refused with the directory named, and nothing is left open', async () => {
    const notADirectory = path.join(scratchDir(), 'a-file');
    writeFileSync(notADirectory, 'not a directory');
    const dataDir = path.join(notADirectory, 'db');
    await expect(createPgliteDataDirApart(dataDir, [])).rejects.toThrow(`Creating the database in ${dataDir} failed`);
  });
});
