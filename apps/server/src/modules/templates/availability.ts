import type { TemplateDefinition } from './catalog';

/** Said once for every staging template this server cannot run: what it takes to turn staging on. */
export const NO_PROVIDER_REASON =
  'Virtual staging needs an AI image provider. To turn it on, set GEMINI_API_KEY, OPENAI_API_KEY or BFL_API_KEY on the server and restart it (README: "Turning on virtual staging").';

export interface EngineAvailability {
  /** True when a generative image provider is configured (staging, custom instructions). */
  generative: boolean;
}

export function isTemplateAvailable(template: TemplateDefinition, engines: EngineAvailability): boolean {
  return Boolean(template.localOperations) || engines.generative;
}
