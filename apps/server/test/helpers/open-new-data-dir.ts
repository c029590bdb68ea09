/**
 * Run as a process of its own (`node --import tsx`): opens the embedded database on the directory given as
 * its argument, as a first `npm start` does, migrates it, and prints the RSS in MB the process keeps, as JSON.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { openDatabase } from '../../src/infrastructure/db/client';

const database = await openDatabase({ kind: 'pglite', dataDir: process.argv[2] });
await database.migrate();
// Read after 2 s: just after the migrations, on any opening, RSS may stand ~450 MB higher for a few hundred
// milliseconds (V8 optimising PGlite's WebAssembly in the background), then fall back. That spike made the
// comparison a coin toss; what the process keeps is settled within a second.
await sleep(2_000);
console.log(JSON.stringify({ rssMb: Math.round(process.memoryUsage().rss / 2 ** 20) }));
await database.close();
