import {
  ALTERATION_LABELS,
  captionFor,
  disclosureProfile,
  forbiddenBy,
  type DisclosureProfileId,
  type EditClassification,
  type Template,
} from '@hearth/contracts';

/** How the review tells whether a result must be disclosed (issue 14): a badge and one line under the picture. */
export interface DisclosureView {
  badge: 'Exempt' | 'Disclosed';
  text: string;
}

/**
 * What a finished result means for the listing's disclosure: exempt edits (light, colour, exposure) need none;
 * disclosed ones say what they altered and the caption the listing's rules give them.
 */
export function disclosureOf(edit: EditClassification | null, profileId: DisclosureProfileId): DisclosureView | null {
  if (!edit) return null;
  if (edit.classification === 'exempt') {
    return { badge: 'Exempt', text: 'Light and colour only: no disclosure needed.' };
  }
  const profile = disclosureProfile(profileId);
  const altered = edit.alterations.map((a) => ALTERATION_LABELS[a]).join(', ');
  return {
    badge: 'Disclosed',
    text: `Digitally altered (${altered}): under ${profile.name} its caption is '${captionFor(profile, edit)}'.`,
  };
}

/** The listing's rules a template would break, in their sources' words, to warn before it is used. */
export function templateWarnings(template: Pick<Template, 'alterations'> | null, profileId: DisclosureProfileId) {
  if (!template) return [];
  return forbiddenBy(disclosureProfile(profileId), template.alterations);
}
