import type { project } from '../../infrastructure/db/schema';

/** A row of the project table (the repository's ProjectRow, named here so that neither file imports the other's). */
type ProjectRow = typeof project.$inferSelect;

/**
 * Writes to the project table so far in this process: every write function of the repository counts one
 * when it has run (docs/decisions/092).
 */
let projectWrites = 0;

/** Called by the repository after each write to the project table (committed or still in its transaction). */
export function countProjectWrite() {
  projectWrites++;
}

/** Enough for every user active on one embedded-database server; past it the oldest entry makes room. */
const MAX_USERS = 1000;

/**
 * Each user's project rows as the dashboard lists them, kept until the next write to the project table
 * (docs/decisions/092). Only for the embedded database, where this process is the only writer (its data
 * directory is locked to it), so every write passes through the repository and is counted; PGlite runs
 * one query at a time and none during a transaction, so a load that starts after a write's count reads what
 * that write committed. An entry is valid while no write has been counted since its load began.
 */
export class ProjectListCache {
  private readonly entries = new Map<string, { rows: ProjectRow[]; writes: number }>();

  async rowsOf(userId: string, load: () => Promise<ProjectRow[]>): Promise<ProjectRow[]> {
    const cached = this.entries.get(userId);
    if (cached?.writes === projectWrites) return cached.rows;
    const writesBefore = projectWrites;
    const rows = await load();
    this.entries.delete(userId);
    if (writesBefore === projectWrites) {
      if (this.entries.size >= MAX_USERS) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(userId, { rows, writes: writesBefore });
    }
    return rows;
  }
}
