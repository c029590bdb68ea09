import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/infrastructure/db/client';
import { createLocalStorage } from '../src/infrastructure/storage/local-files';
import { ABANDONED_UPLOAD_AFTER_MS, removeAbandonedUploads } from '../src/modules/photos/uploads-in-flight';
import { APP_ORIGIN, type TestApp } from './helpers/app';
import { signedInAgent } from './helpers/accounts';
import { createPostgresDatabase } from './helpers/database';
import { fixture } from './helpers/fixtures';
import { newProject, startTrial, uploadPhotos } from './helpers/projects';
import { multipartBody, openRaw, uploadHead } from './helpers/raw-socket';
import { freePort, startServerProcess, waitForHealth, type ServerProcess } from './helpers/server-process';

let dataDir: string;
let port: number;
let postgres: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
let server: ServerProcess | undefined;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'hearth-abandoned-'));
  port = await freePort();
  postgres = process.env.TEST_DB === 'postgres' ? await createPostgresDatabase() : undefined;
  server = startServerProcess({
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: APP_ORIGIN,
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
  });
  await waitForHealth(port, server);
}, 90_000);

afterAll(async () => {
  server?.child.kill('SIGKILL');
  await server?.exited;
  await postgres?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The photo folders in storage (local files keep a photo's files in users/<user>/photos/<photo>/). */
function photoFolders(): string[] {
  const filesDir = path.join(dataDir, 'files');
  if (!existsSync(filesDir)) return [];
  const folders = readdirSync(filesDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.basename(entry.parentPath));
  return [...new Set(folders)];
}

it('an original stored by a process killed mid-upload is removed by retention; committed photos keep theirs', async () => {
  const testApp = { baseUrl: `http://127.0.0.1:${port}` } as TestApp;
  const { client, token } = await signedInAgent(testApp);
  await startTrial(client);
  const project = await newProject(client);
  const kept = await uploadPhotos(client, project.id, [fixture('exterior.jpg')], { templateId: 'blue-sky' });
  expect(kept.status).toBe(201);
  const keptId = kept.body.photos[0]!.id;

  // A second upload: one whole photo, then the next one's first bytes, and the process dies.
  const boundary = 'hearth-kill-mid-upload';
  const photo = fixture('empty-interior.jpg').data;
  const body = multipartBody(
    boundary,
    [
      { name: 'templateId', value: 'blue-sky' },
      { name: 'photos', value: photo, fileName: 'first.jpg' },
      { name: 'photos', value: photo, fileName: 'second.jpg' },
    ],
    true,
  );
  const sentUpTo = body.indexOf(photo, body.indexOf('second.jpg')) + 1024;
  const raw = await openRaw(testApp, uploadHead(testApp, project.id, token, boundary, body.length));
  raw.socket.write(body.subarray(0, sentUpTo));
  // The first file stored whole, the second being written: two folders no photo row points to.
  const orphanFolders = () => photoFolders().filter((id) => id !== keptId);
  await expect.poll(() => orphanFolders().length, { timeout: 20_000 }).toBe(2);
  server!.child.kill('SIGKILL');
  await server!.exited;
  raw.socket.destroy();
  const orphans = orphanFolders();
  // The dead process's database, opened here as the next process would open it.
  let database: Database | undefined;
  for (let attempt = 0; !database; attempt++) {
    database = await openDatabase(
      postgres ? { kind: 'postgres', url: postgres.url } : { kind: 'pglite', dataDir: path.join(dataDir, 'db') },
    ).catch(async (error: unknown) => {
      if (attempt > 20) throw error;
      await new Promise((r) => setTimeout(r, 1000)); // the embedded database's lock goes stale after 5 s
      return undefined;
    });
  }
  try {
    const { rows } = await database.query('select photo_id from upload_in_flight');
    expect(rows.map((r) => r.photo_id).sort()).toEqual([...orphans].sort());
    const deps = { db: database.db, storage: createLocalStorage(path.join(dataDir, 'files')) };

    // Within a day an upload may still be arriving: nothing is touched.
    expect(await removeAbandonedUploads(deps)).toBe(0);
    expect(orphanFolders().sort()).toEqual([...orphans].sort());

    const later = new Date(Date.now() + ABANDONED_UPLOAD_AFTER_MS + 60_000);
    expect(await removeAbandonedUploads(deps, later)).toBe(2);
    // Both folders are gone, the partly written file with them; the committed photo keeps its files.
    expect(photoFolders()).toEqual([keptId]);
    expect((await database.query('select photo_id from upload_in_flight')).rows).toEqual([]);
    expect(await removeAbandonedUploads(deps, later)).toBe(0);
  } finally {
    await database.close();
  }
}, 120_000);
