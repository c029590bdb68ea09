import { STAGING_STYLES, type StagingStyle } from '@hearth/contracts';
import type { TemplateDefinition } from './catalog';

/** What each style means to a model: materials, colours and forms, in a line it can follow. */
const STYLE_GUIDES: Record<StagingStyle, string> = {
  Modern: 'clean lines, low-profile furniture, a neutral palette with black accents, minimal decor',
  Scandinavian:
    'light oak and birch, white and soft grey textiles, simple functional forms, wool throws and a few plants',
  Industrial: 'dark metal frames, reclaimed wood, leather, exposed-bulb lighting, charcoal and cognac tones',
  'Mid-century': 'walnut wood, tapered legs, organic curves, mustard, teal and olive accents',
  Luxury: 'velvet, marble and brass, tailored upholstery, layered lighting, cream and deep jewel tones',
  Farmhouse: 'rustic wood, warm whites, linen slipcovers, wrought iron and vintage accents',
  Coastal: 'white and sand tones with soft blues, rattan and jute, light linens, an airy feel',
  Transitional: 'classic shapes made simple, warm greys and taupes, soft textures, understated decor',
};

/** Each staging template's style when the agent does not choose one. */
const DEFAULT_STYLES: Record<string, StagingStyle> = {
  bedroom: 'Transitional',
  'living-room': 'Modern',
  'master-bedroom': 'Luxury',
  'home-office': 'Modern',
  'curb-appeal': 'Transitional',
  kitchen: 'Modern',
  'dining-room': 'Transitional',
  bathroom: 'Modern',
  'kids-room': 'Scandinavian',
  nursery: 'Scandinavian',
  patio: 'Coastal',
  declutter: 'Transitional',
  'empty-room': 'Modern',
  twilight: 'Transitional',
};

/** The styles a template offers: every staging template, all of them; enhancement templates none. */
export const stylesOf = (template: TemplateDefinition): readonly StagingStyle[] =>
  template.category === 'staging' ? STAGING_STYLES : [];

export const defaultStyleOf = (template: TemplateDefinition): StagingStyle | undefined =>
  template.category === 'staging' ? (DEFAULT_STYLES[template.baseId ?? template.id] ?? 'Transitional') : undefined;

/** The sentence of the final prompt that carries the style. */
export const styleInstruction = (style: StagingStyle) =>
  `Style: ${style} — ${STYLE_GUIDES[style]}. Apply it to everything you add or restyle.`;
