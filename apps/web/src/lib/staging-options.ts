import { STAGING_STYLES, type StagingStyle, type Template } from '@hearth/contracts';

type StagingFacts = Pick<Template, 'category' | 'styles' | 'defaultStyle'>;

/** Styles and variations belong to staging templates only; the server refuses them for anything else. */
export const isStagingTemplate = (template: Pick<Template, 'category'> | null | undefined): boolean =>
  template?.category === 'staging';

/** The styles a staging template offers, in the order the choice lists them (all of them when it does not say). */
export function stylesOf(template: StagingFacts): readonly StagingStyle[] {
  return template.styles?.length ? template.styles : STAGING_STYLES;
}

/**
 * The style a request is made in: the one the agent chose while the template offers it, else the template's
 * default, so picking another room keeps a chosen style and a first pick starts from the sensible default.
 * Null for anything that is not a staging template.
 */
export function styleFor(template: StagingFacts | null | undefined, chosen: StagingStyle | null): StagingStyle | null {
  if (!template || !isStagingTemplate(template)) return null;
  const styles = stylesOf(template);
  if (chosen && styles.includes(chosen)) return chosen;
  return template.defaultStyle && styles.includes(template.defaultStyle) ? template.defaultStyle : (styles[0] ?? null);
}

/** Variations the request asks for: the agent's choice for a staging template, one otherwise. */
export const variationsFor = (template: Pick<Template, 'category'> | null | undefined, chosen: number): number =>
  isStagingTemplate(template) ? chosen : 1;
