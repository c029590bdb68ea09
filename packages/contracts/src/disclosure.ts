import { z } from 'zod';

/**
 * What an edit changed that a buyer must be told about (issue 14). Light, colour, exposure, white balance,
 * cropping and straightening are not alterations (California Bus. & Prof. Code §10140.8), so a photo made only
 * with those is 'exempt'; any of these makes it 'disclosed'.
 */
export const ALTERATIONS = [
  'staging',
  'declutter',
  'furniture-removal',
  'sky',
  'landscaping',
  'exterior-staging',
  'twilight',
  'custom-instructions',
] as const;
export const alterationSchema = z.enum(ALTERATIONS);
export type Alteration = z.infer<typeof alterationSchema>;

export const ALTERATION_LABELS: Record<Alteration, string> = {
  staging: 'virtual staging',
  declutter: 'decluttering',
  'furniture-removal': 'furniture removed',
  sky: 'sky replaced',
  landscaping: 'landscaping changed',
  'exterior-staging': 'exterior staging',
  twilight: 'twilight sky and lighting',
  'custom-instructions': 'custom instructions',
};

/** How a version was made decides whether it must be disclosed ('exempt': Professional Enhancement only). */
export const editClassificationSchema = z.object({
  classification: z.enum(['exempt', 'disclosed']),
  /** Empty for an exempt edit. */
  alterations: z.array(alterationSchema),
});
export type EditClassification = z.infer<typeof editClassificationSchema>;

export const DISCLOSURE_PROFILE_IDS = [
  'generic',
  'california-ab723',
  'crmls',
  'stellar',
  'realtracs',
  'mls-now',
  'bright',
  'smartmls',
] as const;
export const disclosureProfileIdSchema = z.enum(DISCLOSURE_PROFILE_IDS, {
  error: `Choose a disclosure profile: ${DISCLOSURE_PROFILE_IDS.join(', ')}.`,
});
export type DisclosureProfileId = z.infer<typeof disclosureProfileIdSchema>;

export type LabelCorner = 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right';

/** A rule of the profile that can make a listing unfit to export; `rule` names it in the words of its source. */
export type ProfileRestriction =
  | { kind: 'forbidden-alteration'; alteration: Alteration; rule: string }
  | { kind: 'first-photo-unaltered'; rule: string }
  | { kind: 'needs-public-page'; rule: string };

export interface DisclosureProfile {
  id: DisclosureProfileId;
  name: string;
  /** The public text the profile follows; re-read it when the rules change (docs/decisions/100). */
  source: { title: string; url: string };
  /** The photo description of a disclosed photo: staged (furniture added or changed) or otherwise altered. */
  caption: { staged: string; altered: string };
  /** The text burned into each disclosed photo: required, allowed (not burned by default) or prohibited. */
  label: {
    rule: 'required' | 'allowed' | 'prohibited';
    text: string;
    corner: LabelCorner;
    /** The label's height as a share of the photo's shorter side. */
    heightRatio: number;
    /** The label carries the short URL of the listing's originals page. */
    withUrl: boolean;
  };
  /** Where the unaltered original goes in the export: right before or after each disclosed photo, or not at all. */
  originals: 'before' | 'after' | 'none';
  /** The sentence the listing's public remarks carry (begin with) when any photo is disclosed. */
  remarks: string;
  restrictions: ProfileRestriction[];
}

const LABEL = { corner: 'bottom-left', heightRatio: 0.045, withUrl: false } as const;

/** The catalogue. Summaries of public rules: each names its source, cited in docs/decisions/100. */
export const DISCLOSURE_PROFILES: readonly DisclosureProfile[] = [
  {
    id: 'generic',
    name: 'Generic',
    source: {
      title: 'NAR Code of Ethics, Article 12 (true picture in advertising)',
      url: 'https://www.nar.realtor/about-nar/governing-documents/code-of-ethics/2025-code-of-ethics-standards-of-practice',
    },
    caption: { staged: 'Virtually staged', altered: 'Digitally altered' },
    // No MLS rule applies: the label may carry the originals page's address.
    label: { ...LABEL, rule: 'allowed', text: 'Virtually staged', withUrl: true },
    originals: 'after',
    remarks: 'One or more photos have been virtually staged or digitally altered.',
    restrictions: [],
  },
  {
    id: 'california-ab723',
    name: 'California (AB 723)',
    source: {
      title: 'California Business and Professions Code §10140.8 (AB 723, in force 2026-01-01)',
      url: 'https://leginfo.legislature.ca.gov/faces/billTextClient.xhtml?bill_id=202520260AB723',
    },
    caption: { staged: 'Virtually staged', altered: 'Digitally altered' },
    label: { ...LABEL, rule: 'required', text: 'Digitally altered', withUrl: true },
    originals: 'none',
    remarks:
      'One or more photos have been digitally altered; the unaltered originals are at the address shown on them.',
    restrictions: [
      {
        kind: 'needs-public-page',
        rule: 'California §10140.8: every altered photo needs a link to a public page showing its unaltered original. Publish the originals page first.',
      },
    ],
  },
  {
    id: 'crmls',
    name: 'CRMLS',
    source: {
      title: 'CRMLS Rules and Regulations, 11.5.2 (virtually staged and altered media)',
      url: 'https://www.crmls.org/rules',
    },
    caption: { staged: 'Virtually Staged', altered: 'Digitally Altered' },
    label: { ...LABEL, rule: 'allowed', text: 'Virtually Staged' },
    originals: 'after',
    remarks: 'One or more photos have been virtually staged or digitally altered; each is followed by its original.',
    restrictions: [
      {
        kind: 'forbidden-alteration',
        alteration: 'landscaping',
        rule: 'CRMLS 11.5.2: landscaping must not be altered.',
      },
    ],
  },
  {
    id: 'stellar',
    name: 'Stellar MLS',
    source: {
      title: 'Stellar MLS Rules, Article 04.04: Virtually Staged Photos',
      url: 'https://rules.stellarmls.com/hc/en-us/articles/14692987795095-Article-04-04-Virtually-Staged-Photos',
    },
    caption: { staged: 'Virtually staged', altered: 'Virtually staged' },
    label: { ...LABEL, rule: 'prohibited', text: 'Virtually staged' },
    originals: 'none',
    remarks: 'One or more photo(s) was virtually staged.',
    restrictions: [
      {
        kind: 'forbidden-alteration',
        alteration: 'landscaping',
        rule: 'Stellar MLS 04.04: no exterior of the property may be virtually staged, except unattached furniture or décor.',
      },
    ],
  },
  {
    id: 'realtracs',
    name: 'RealTracs',
    source: {
      title: 'RealTracs Rules and Regulations, 2.7 Listing Media Requirements',
      url: 'https://news.realtracs.com/tag/photos/',
    },
    caption: { staged: 'Virtually staged', altered: 'Virtually staged' },
    label: { ...LABEL, rule: 'prohibited', text: 'Virtually staged' },
    originals: 'before',
    remarks: 'Virtually staged photos are each shown right after a photo of the room as it is.',
    restrictions: [],
  },
  {
    id: 'mls-now',
    name: 'MLS Now',
    source: {
      title: 'MLS Now Rules, Section 3: Images, Media & Virtual Staging',
      url: 'https://support.mlsnow.com/hc/en-us/articles/47635315367067-MLS-Now-Rules-Section-3-Images-Media-Virtual-Staging',
    },
    caption: { staged: 'Virtually Staged', altered: 'Digitally Altered' },
    label: { ...LABEL, rule: 'prohibited', text: 'Virtually Staged' },
    originals: 'none',
    remarks: 'One or more photos have been virtually staged or digitally altered.',
    restrictions: [
      {
        kind: 'first-photo-unaltered',
        rule: 'MLS Now 3.2: the primary (first) photo must be an unaltered current exterior photo.',
      },
      {
        kind: 'forbidden-alteration',
        alteration: 'landscaping',
        rule: 'MLS Now 3.3.2: exterior condition or landscaping must not be changed.',
      },
    ],
  },
  {
    id: 'bright',
    name: 'Bright MLS',
    source: {
      title: 'Bright MLS Policy on Images and Documents in the MLS, Section 1',
      url: 'https://www.brightmls.com/rules',
    },
    caption: { staged: 'Virtually Staged', altered: 'Virtually Staged' },
    label: { ...LABEL, rule: 'allowed', text: 'Virtually Staged' },
    originals: 'none',
    remarks: 'One or more photos have been virtually staged.',
    restrictions: [],
  },
  {
    id: 'smartmls',
    name: 'SmartMLS',
    source: {
      title: 'SmartMLS (connectMLS help): Virtually Staged Photos',
      url: 'https://connectmls.smartmls.com/hc/en-us/articles/34224328443675-Virtually-Staged-Photos',
    },
    caption: { staged: 'Virtually Staged', altered: 'Virtually Staged' },
    label: { ...LABEL, rule: 'required', text: 'Virtually Staged' },
    originals: 'none',
    remarks: 'One or more photos have been virtually staged.',
    restrictions: [],
  },
];

export function disclosureProfile(id: DisclosureProfileId): DisclosureProfile {
  return DISCLOSURE_PROFILES.find((p) => p.id === id)!;
}

/** Alterations that put furniture or décor in (the staged caption); the others are 'altered'. */
const STAGING_ALTERATIONS: ReadonlySet<Alteration> = new Set(['staging', 'exterior-staging', 'declutter']);

/** The photo description a disclosed edit gets under a profile; empty for an exempt one. */
export function captionFor(profile: DisclosureProfile, edit: EditClassification): string {
  if (edit.classification === 'exempt') return '';
  return edit.alterations.some((a) => STAGING_ALTERATIONS.has(a)) ? profile.caption.staged : profile.caption.altered;
}

/** The profile's rules an edit breaks wherever it stands (for warning before a template is used). */
export function forbiddenBy(profile: DisclosureProfile, alterations: readonly Alteration[]): string[] {
  return profile.restrictions
    .filter((r) => r.kind === 'forbidden-alteration' && alterations.includes(r.alteration))
    .map((r) => r.rule);
}

/** A rule the listing breaks: which photo (when one) and which rule, in words the agent can act on. */
export const listingViolationSchema = z.object({
  photoId: z.string().nullable(),
  fileName: z.string().nullable(),
  rule: z.string(),
});
export type ListingViolation = z.infer<typeof listingViolationSchema>;

export const listingCheckSchema = z.object({
  profile: disclosureProfileIdSchema,
  ok: z.boolean(),
  violations: z.array(listingViolationSchema),
});
export type ListingCheck = z.infer<typeof listingCheckSchema>;

export const MLS_SIZE_PRESETS = [2048, 3000] as const;
export const mlsExportQuerySchema = z.object({
  size: z.coerce
    .number()
    .pipe(z.union([z.literal(2048), z.literal(3000)], { error: 'size must be 2048 or 3000 (long edge in pixels)' }))
    .default(3000),
  /** Burn the profile's label into each altered photo where the profile allows one (it is always burned where required). */
  label: z
    .enum(['true', 'false'], { error: "label must be 'true' or 'false'" })
    .transform((value) => value === 'true')
    .default(false),
});
export type MlsExportQuery = z.infer<typeof mlsExportQuerySchema>;

export const disclosureProfileSummarySchema = z.object({
  id: disclosureProfileIdSchema,
  name: z.string(),
  sourceTitle: z.string(),
  sourceUrl: z.string(),
  label: z.enum(['required', 'allowed', 'prohibited']),
  /** The label's words, and whether it carries the originals page's address once the listing is published. */
  labelText: z.string(),
  labelWithUrl: z.boolean(),
  originals: z.enum(['before', 'after', 'none']),
  remarks: z.string(),
  rules: z.array(z.string()),
});
export type DisclosureProfileSummary = z.infer<typeof disclosureProfileSummarySchema>;
