// The product as `npm start` runs it with staging turned on: a Gemini key, and Gemini's API answered by a
// loopback stand-in (support/fake-gemini.ts) instead of Google, so no test reaches the network.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { register } from 'tsx/esm/api';

register();
const { startFakeGemini } = await import('./support/fake-gemini.ts');
// On a port of its own next to the server's, so the journeys can ask it what it received (GET /__received).
const gemini = await startFakeGemini(Number(process.env.STAND_IN_PORT ?? 0));
process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), 'hearth-e2e-staging-'));
process.env.GEMINI_API_KEY = 'e2e-gemini-key';
process.env.GEMINI_BASE_URL = gemini.baseUrl;
await import('../scripts/start.mjs');
