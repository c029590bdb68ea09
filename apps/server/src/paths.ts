import path from 'node:path';

/**
 * The server package's folder (apps/server). This file sits one level below it both as source (src/) and
 * once built (dist/, scripts/build-server.mjs), so files the server reads at run time are found either way.
 */
export const SERVER_PACKAGE_DIR = path.resolve(import.meta.dirname, '..');
