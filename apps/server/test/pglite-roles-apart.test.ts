import { afterEach, describe, expect, it } from 'vitest';
import { roleProcesses, USE_POSTGRES_AND_S3 } from './helpers/role-processes';
import { waitForHealth } from './helpers/server-process';

/** The embedded database belongs to one process: ROLE=api and ROLE=worker cannot share it (postgres-roles-apart). */
const processes = roleProcesses();
afterEach(() => processes.cleanUp());

describe('ROLE=api and ROLE=worker on the embedded database', () => {
  it('the second process is refused, told to use PostgreSQL and S3; the first goes on', async () => {
    const DATA_DIR = processes.newDataDir();
    const api = await processes.start('api', { DATA_DIR });
    await waitForHealth(api.port, api.server, 120_000);
    expect(api.server.output()).toContain(
      'ROLE=api on the embedded database (no DATABASE_URL) and local files (no S3_BUCKET)',
    );

    const worker = await processes.start('worker', { DATA_DIR });
    expect(await worker.server.exited).toBe(1);
    expect(worker.server.output()).toContain('is in use by another Hearth process');
    expect(worker.server.output()).toContain(USE_POSTGRES_AND_S3);
    expect((await fetch(`${api.baseUrl}/api/health`)).status).toBe(200);
  }, 180_000);
});
