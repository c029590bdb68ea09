// Starts the product as `npm start` does, on an empty data directory of its own.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), 'hearth-e2e-'));
await import('../scripts/start.mjs');
