/**
 * Run as a process of its own (`node --import tsx`): opens the embedded database on the directory given as
 * its argument, as a first `npm start` does, migrates it, and prints the process's RSS in MB as JSON.
 */
import { openDatabase } from '../../src/infrastructure/db/client';

const database = await openDatabase({ kind: 'pglite', dataDir: process.argv[2] });
await database.migrate();
console.log(JSON.stringify({ rssMb: Math.round(process.memoryUsage().rss / 2 ** 20) }));
await database.close();
