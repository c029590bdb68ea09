/**
 * Password hashing for sign-in (decision 006): argon2id, still verifying the scrypt hashes of accounts made
 * before it. The hashing library stays in its adapter.
 */
export { hashPassword, needsRehash, verifyPassword } from '../../adapters/argon2-passwords';
