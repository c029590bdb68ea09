/**
 * Parts of the server that the benchmarks (bench/) set up or measure directly, for them to import by package
 * name (`@hearth/server/test-support/internals`) rather than by a path into this workspace's src/.
 */
export { openDatabase } from '../../src/infrastructure/db/client';
export { hashPassword, verifyPassword } from '../../src/adapters/argon2-passwords';
export { createStorage } from '../../src/infrastructure/storage/create-storage';
export { loadConfig } from '../../src/config';
