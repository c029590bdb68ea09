import { describe, expect, it } from 'vitest';
import { countProjectWrite, ProjectListCache } from './list-cache';
import type { ProjectRow } from './repository';

const rowsNamed = (...names: string[]) => names.map((name) => ({ name }) as ProjectRow);

describe('ProjectListCache', () => {
  it('serves a user’s list from memory until the next write to the project table', async () => {
    const cache = new ProjectListCache();
    let loads = 0;
    const load = async () => rowsNamed(`load ${++loads}`);
    expect(await cache.rowsOf('user-1', load)).toEqual(rowsNamed('load 1'));
    expect(await cache.rowsOf('user-1', load)).toEqual(rowsNamed('load 1'));
    expect(loads).toBe(1);
    countProjectWrite();
    expect(await cache.rowsOf('user-1', load)).toEqual(rowsNamed('load 2'));
    expect(loads).toBe(2);
  });

  it('keeps users apart', async () => {
    const cache = new ProjectListCache();
    await cache.rowsOf('user-1', async () => rowsNamed('one'));
    expect(await cache.rowsOf('user-2', async () => rowsNamed('two'))).toEqual(rowsNamed('two'));
    expect(await cache.rowsOf('user-1', async () => rowsNamed('other'))).toEqual(rowsNamed('one'));
  });

  it('does not keep a list loaded while a write ran: it may predate the write', async () => {
    const cache = new ProjectListCache();
    const loaded = await cache.rowsOf('user-1', async () => {
      countProjectWrite(); // another request's write, while this load's query was under way
      return rowsNamed('before the write');
    });
    expect(loaded).toEqual(rowsNamed('before the write'));
    expect(await cache.rowsOf('user-1', async () => rowsNamed('after the write'))).toEqual(
      rowsNamed('after the write'),
    );
  });
});
