import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DatabaseLockedError, openDatabase } from '../src/infrastructure/db/client';

describe('the embedded database directory', () => {
  it('belongs to one process at a time, and is free again once closed', async () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'hearth-lock-')), 'db');
    const first = await openDatabase({ kind: 'pglite', dataDir });
    await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toThrow(DatabaseLockedError);
    await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toThrow(/in use by another Hearth process/);
    await first.migrate();
    await first.close();

    const second = await openDatabase({ kind: 'pglite', dataDir });
    await second.migrate();
    const { rows } = await second.query('select count(*)::int as n from "user"');
    expect(rows[0]!.n).toBe(0);
    await second.close();
    rmSync(path.dirname(dataDir), { recursive: true, force: true });
  });
});
