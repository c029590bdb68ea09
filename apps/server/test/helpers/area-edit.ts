/** The area edit's job step, for the benchmark (bench/area-edit), which reaches the server by package name only. */
export { runAreaEdit, type AreaEditInput } from '../../src/modules/enhancement/area-edit';
export type { StagingProvider } from '../../src/infrastructure/ai-providers/provider';
