/**
 * The product's numbers as the public pages and the help center state them. They are written out here rather
 * than imported from @hearth/contracts so the public pages' JavaScript does not carry zod; product-facts.test.ts
 * checks every one of them against the contracts the server enforces.
 */
export const PRODUCT_NAME = 'Hearth';

/** The free trial: what POST /api/start-trial grants. */
export const TRIAL_IMAGES = 10;
export const TRIAL_HOURS = 24;

/** Uploads (SPEC §5, §9). */
export const MAX_PHOTOS_PER_BATCH = 30;
export const LARGE_BATCH_WARNING_AT = 10;
export const MAX_UPLOAD_MB = 25;
export const ACCEPTED_FORMATS = ['JPG', 'PNG', 'HEIC', 'WEBP', 'GIF', 'BMP', 'TIFF'] as const;
export const RECOMMENDED_RESOLUTION = '1080p';

/** The staging studio (issue 12): the styles a staging template is made in, and how many variations at once. */
export const STAGING_STYLES = [
  'Modern',
  'Scandinavian',
  'Industrial',
  'Mid-century',
  'Luxury',
  'Farmhouse',
  'Coastal',
  'Transitional',
] as const;
export const MAX_VARIATIONS = 4;

/** Photos and results are deleted this many days after upload unless a paid plan keeps them longer. */
export const RETENTION_DAYS = 30;
/** The dashboard warns when this few days are left. */
export const RETENTION_WARNING_DAYS = 7;
export const PROJECTS_PER_PAGE = 5;
/** A project name as the dashboard makes them ('<Day-part> Session - Mon D HH:MM'). */
export const EXAMPLE_PROJECT_NAME = 'Afternoon Session - Sep 8 12:43';

/** What each paid plan includes (the billing page sells them; the help center explains them). */
export const PLAN_LIMITS = [
  { name: 'Starter', monthlyUsd: 49, imagesPerMonth: 100, extraImageUsd: null, retentionDays: 30 },
  { name: 'Pro', monthlyUsd: 99, imagesPerMonth: 400, extraImageUsd: 0.3, retentionDays: 30 },
  { name: 'Elite', monthlyUsd: 449, imagesPerMonth: 1500, extraImageUsd: 0.25, retentionDays: 90 },
] as const;

/** Support and privacy commitments (SPEC §9). */
export const SUPPORT_EMAIL = 'support@hearth.homes';
export const LEGAL_EMAIL = 'legal@hearth.homes';
export const PRIVACY_EMAIL = 'privacy@hearth.homes';
export const SUPPORT_RESPONSE_HOURS = 24;
export const PRIVACY_RESPONSE_DAYS = 30;
export const ACCOUNT_DELETION_DAYS = 30;
export const MINIMUM_AGE = 13;

/** When the terms of use and the privacy policy last changed. */
export const LEGAL_LAST_UPDATED = 'September 17, 2025';

/** Where the public site lives: canonical links, social previews and the sitemap use it. */
export const SITE_ORIGIN = 'https://hearth.homes';

/** 'JPG, PNG, HEIC, WEBP, GIF, BMP and TIFF' */
export const ACCEPTED_FORMATS_TEXT = `${ACCEPTED_FORMATS.slice(0, -1).join(', ')} and ${ACCEPTED_FORMATS.at(-1)}`;
