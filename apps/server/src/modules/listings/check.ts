import type { DisclosureProfile, ListingViolation } from '@hearth/contracts';
import type { ListingPhoto } from '../photos/service';

/** A photo that has a result to export (its chosen version completed). */
export type ExportablePhoto = ListingPhoto & { resultKey: string; edit: NonNullable<ListingPhoto['edit']> };

export const exportable = (photos: ListingPhoto[]): ExportablePhoto[] =>
  photos.filter((p): p is ExportablePhoto => Boolean(p.resultKey && p.edit));

/**
 * Every rule of the profile the listing breaks, each naming the photo (when one) and the rule in its source's
 * words, in the listing's order. An empty list: the listing may be exported as it is.
 */
export function checkListing(
  profile: DisclosureProfile,
  photos: ExportablePhoto[],
  { published }: { published: boolean },
): ListingViolation[] {
  const violations: ListingViolation[] = [];
  const about = (photo: ExportablePhoto | undefined, rule: string): ListingViolation => ({
    photoId: photo?.id ?? null,
    fileName: photo?.fileName ?? null,
    rule,
  });
  for (const restriction of profile.restrictions) {
    switch (restriction.kind) {
      case 'forbidden-alteration':
        for (const photo of photos) {
          if (photo.edit.alterations.includes(restriction.alteration)) violations.push(about(photo, restriction.rule));
        }
        break;
      case 'first-photo-unaltered': {
        const first = photos[0];
        if (first && first.edit.classification !== 'exempt') violations.push(about(first, restriction.rule));
        break;
      }
      case 'needs-public-page':
        if (!published && photos.some((p) => p.edit.classification === 'disclosed')) {
          violations.push(about(undefined, restriction.rule));
        }
        break;
    }
  }
  return violations;
}
