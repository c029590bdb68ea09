import type { Alteration } from '@hearth/contracts';
import type { LocalOperation } from '@hearth/image-engine';

export interface TemplateDefinition {
  id: string;
  name: string;
  category: 'staging' | 'enhancement';
  isPopular: boolean;
  /**
   * What a result of it changes that must be disclosed (issue 14): none for Professional Enhancement (light,
   * colour, exposure), which California §10140.8 does not count as an alteration.
   */
  alterations: readonly Alteration[];
  /** What the model is asked to do (joined with the user's text, SPEC §7). */
  prompt: string;
  /** Templates the local engine can do itself, and how; the others need a generative provider. */
  localOperations?: LocalOperation[];
  /** Templates chosen together (combined.ts): the catalog ids they are made of. */
  parts?: string[];
  /** A staging template with its furniture removed first (combined.ts): the catalog template it stages as. */
  baseId?: string;
}
