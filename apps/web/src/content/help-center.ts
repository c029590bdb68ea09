/**
 * Every word of the help center (SPEC §2 /help-center), in one place to edit. The page renders it; product
 * numbers come from product-facts.ts so the help states the same trial, limits and plans as every other page,
 * and what each template does is in help-templates.ts.
 */
import {
  ACCEPTED_FORMATS_TEXT,
  EXAMPLE_PROJECT_NAME,
  LARGE_BATCH_WARNING_AT,
  MAX_PHOTOS_PER_BATCH,
  MAX_UPLOAD_MB,
  MAX_VARIATIONS,
  PLAN_LIMITS,
  PROJECTS_PER_PAGE,
  RECOMMENDED_RESOLUTION,
  RETENTION_DAYS,
  RETENTION_WARNING_DAYS,
  STAGING_STYLES,
  SUPPORT_EMAIL,
  SUPPORT_RESPONSE_HOURS,
  TRIAL_HOURS,
  TRIAL_IMAGES,
} from './product-facts';

/** A piece of a sentence: plain words, a term set in bold, a link to a page of the app, or a mail address. */
export type HelpPhrase = string | { term: string } | { link: string; to: string } | { mail: string };
/** A sentence or a paragraph, as its pieces in order. */
export type HelpText = readonly HelpPhrase[];

export type HelpBlock =
  | { paragraph: HelpText }
  | { steps: readonly HelpText[] }
  | { bullets: readonly HelpText[] }
  /** The table of what each template does (help-templates.ts). */
  | { templateTable: true };

export interface HelpPart {
  title: string;
  blocks: readonly HelpBlock[];
}

export interface HelpTopic {
  /** Tab id, also in the tab's URL fragment. */
  id: string;
  /** The tab's label. */
  label: string;
  title: string;
  lead: string;
  parts: readonly HelpPart[];
}

const term = (words: string) => ({ term: words });
const usd = (amount: number) => `$${amount.toFixed(2)}`;
const ELITE_RETENTION_DAYS = PLAN_LIMITS.find((plan) => plan.name === 'Elite')!.retentionDays;

export const helpCenter = {
  title: 'Help Center',
  lead: 'Answers about uploading, templates, results and more.',
  /** Shown while this server has no AI image provider. */
  stagingOff: {
    headline: 'Virtual staging is not available on this server yet. ',
    text: 'The staging templates and custom prompts described here can be used once it is turned on; the enhancement templates (Professional Enhancement, Blue Sky, Perfect Lawn) work now.',
  },
  tabsLabel: 'Help topics',
};

export const HELP_TOPICS: readonly HelpTopic[] = [
  {
    id: 'getting-started',
    label: 'Getting Started',
    title: 'Getting started',
    lead: 'From your first photo to a listing-ready result in a few minutes.',
    parts: [
      {
        title: 'Your free trial',
        blocks: [
          {
            paragraph: [
              `Start the free trial from the banner on your dashboard. It lasts ${TRIAL_HOURS} hours and includes ${TRIAL_IMAGES} images, every template and custom instructions. No credit card is required. The banner counts down the time left, and the usage card shows how many of your ${TRIAL_IMAGES} images you have used.`,
            ],
          },
        ],
      },
      {
        title: 'Stage your first photos',
        blocks: [
          {
            steps: [
              [
                'On the ',
                { link: 'dashboard', to: '/dashboard' },
                `, choose your photos in the upload card (up to ${MAX_PHOTOS_PER_BATCH} at a time).`,
              ],
              ['Pick a template, such as Living Room or Blue Sky, or write your own instructions, or both.'],
              [
                'Press ',
                term('Process Photos'),
                `. The batch becomes a project named after the moment you sent it, for example ‘${EXAMPLE_PROJECT_NAME}’.`,
              ],
              [
                'When the project shows ',
                term('Ready'),
                ', open it to compare each photo before and after, then download the results.',
              ],
            ],
          },
        ],
      },
      {
        title: 'After the trial',
        blocks: [
          {
            paragraph: [
              'Choose a plan on the billing page to keep going. Every plan includes bulk upload, custom prompts and templates.',
            ],
          },
          {
            bullets: PLAN_LIMITS.map((plan) => [
              term(plan.name),
              `: $${plan.monthlyUsd}/month, ${plan.imagesPerMonth.toLocaleString('en-US')} images per month${
                plan.extraImageUsd === null
                  ? ', uploads pause when they are used up'
                  : `, then ${usd(plan.extraImageUsd)} per extra image`
              }; photos kept ${plan.retentionDays} days.`,
            ]),
          },
          { paragraph: ['You can cancel at any time from the billing page; there are no fees or contracts.'] },
        ],
      },
    ],
  },
  {
    id: 'uploading',
    label: 'Uploading',
    title: 'Uploading photos',
    lead: 'What you can upload, and how to get the best results.',
    parts: [
      {
        title: 'Formats and limits',
        blocks: [
          {
            bullets: [
              [`Formats: ${ACCEPTED_FORMATS_TEXT}, including HEIC photos straight from an iPhone.`],
              [`Size: up to ${MAX_UPLOAD_MB} MB per photo.`],
              [
                `Batch: up to ${MAX_PHOTOS_PER_BATCH} photos per upload. From ${LARGE_BATCH_WARNING_AT} photos on, the upload card warns that a large batch may take several minutes.`,
              ],
              [
                `Free trial: ${TRIAL_IMAGES} images in total. If you choose more photos than you have left, the upload stops and tells you how many you can still send.`,
              ],
            ],
          },
          {
            paragraph: [
              `A file that is not one of these formats, or is larger than ${MAX_UPLOAD_MB} MB, is left out and you see ‘Some files were rejected’. Files are checked by their content, so renaming a file does not change its format.`,
            ],
          },
        ],
      },
      {
        title: 'Photos that stage well',
        blocks: [
          {
            bullets: [
              [`Use a resolution of at least ${RECOMMENDED_RESOLUTION} (1920 × 1080 pixels); larger is better.`],
              ['Shoot level, from about chest height, with the corners of the room in view.'],
              ['Turn on the lights, open the blinds, and avoid strong backlight from windows.'],
              ['For staging, empty rooms give the cleanest result; use Declutter first for a furnished room.'],
            ],
          },
          {
            paragraph: [
              'Location and camera details stored in your photos are removed when they are processed, and photos taken sideways on a phone are turned upright.',
            ],
          },
        ],
      },
    ],
  },
  {
    id: 'templates',
    label: 'Templates',
    title: 'Templates',
    lead: 'Ready-made instructions for the most common jobs. Popular templates are listed first in the upload card.',
    parts: [
      {
        title: 'Two kinds of template',
        blocks: [
          {
            paragraph: [
              term('Staging'),
              ' templates add, remove or restyle furnishings and need the AI image service. ',
              term('Enhancement'),
              ' templates (Professional Enhancement, Blue Sky and Perfect Lawn) improve the photo itself and run on Hearth’s own image engine. If a template cannot run on your workspace, it is marked unavailable, with the reason.',
            ],
          },
        ],
      },
      {
        title: 'Styles and variations',
        blocks: [
          {
            paragraph: [
              'When you pick a staging template, the upload card shows a ',
              term('Style'),
              ` choice: ${STAGING_STYLES.slice(0, -1).join(', ')} or ${STAGING_STYLES.at(-1)}. Each template starts on the style that suits it best; the furniture, materials and colours follow the style you choose.`,
            ],
          },
          {
            paragraph: [
              term('Variations'),
              ` asks for 1 to ${MAX_VARIATIONS} different stagings of each photo at once, so you can pick the one you like. Each variation is one image against your allowance: 10 photos with 3 variations use 30 images, and the upload card says so before you press Process Photos. A variation that fails costs nothing.`,
            ],
          },
        ],
      },
      {
        title: 'Several enhancements together',
        blocks: [
          {
            paragraph: [
              'Enhancement templates can be combined: tick Professional Enhancement, Blue Sky and Perfect Lawn in any mix and each photo gets all of them in one pass, as one image against your allowance. Staging templates are one at a time; picking one clears the enhancements you ticked, and ticking an enhancement clears a staging template. In ',
              term('Generate again'),
              ', choose one enhancement as the template and tick the others under ',
              term('Also apply'),
              '.',
            ],
          },
          {
            paragraph: [
              'For a furnished room, tick ',
              term('Remove furniture first'),
              ' under a staging template’s style: the room’s own furniture is taken out before the new furniture goes in, at no extra image. Empty Room and Declutter empty the room themselves, so they do not offer it.',
            ],
          },
        ],
      },
      { title: 'What each template does', blocks: [{ templateTable: true }] },
    ],
  },
  {
    id: 'custom-prompts',
    label: 'Custom Prompts',
    title: 'Custom prompts',
    lead: 'Describe exactly what you want, on its own or on top of a template.',
    parts: [
      {
        title: 'How your instructions are used',
        blocks: [
          {
            paragraph: [
              'Type your instructions in the custom instructions card. With a template selected, your text is added after the template’s own instructions, so you can adjust it: choose Living Room and add “mid-century modern, walnut and mustard accents”. Without a template, your text is the whole instruction.',
            ],
          },
        ],
      },
      {
        title: 'Tips for good results',
        blocks: [
          {
            bullets: [
              ['Name the room and the style: “Scandinavian bedroom, light oak, white linen bedding”.'],
              ['Say what to keep: “keep the existing fireplace and built-in shelves”.'],
              ['Be specific about colour and size: “a large grey sectional facing the window”.'],
              ['Ask for one change at a time; a short, clear instruction beats a long list.'],
              [
                'Do not ask to change walls, windows, floors or views: staged photos must show the property as it is, and results that change the room’s structure are flagged for review.',
              ],
            ],
          },
        ],
      },
    ],
  },
  {
    id: 'results',
    label: 'Results',
    title: 'Results and downloads',
    lead: 'How processing works, what the statuses mean, and how to keep your photos.',
    parts: [
      {
        title: 'Projects',
        blocks: [
          {
            paragraph: [
              `Every upload is a project named after when you sent it, such as ‘${EXAMPLE_PROJECT_NAME}’. Your dashboard lists your projects, ${PROJECTS_PER_PAGE} per page, newest first. While photos are being processed the progress bar shows ‘Enhancing photos... 3 of 8 processed’, then ‘Finalizing...’; the list updates by itself. When every photo is done the project shows `,
              term('Ready'),
              '.',
            ],
          },
          {
            paragraph: ['Processing typically takes 1-3 minutes per photo, so a large batch can take several minutes.'],
          },
        ],
      },
      {
        title: 'Photo statuses',
        blocks: [
          {
            bullets: [
              [term('Processing'), ': the photo is queued or being worked on.'],
              [term('Completed'), ': the result is ready to compare and download.'],
              [
                term('Failed'),
                ': the photo could not be processed. It does not count against your images, so you can simply upload it again, or use Generate again on it.',
              ],
            ],
          },
          {
            paragraph: [
              'A completed photo can also be marked ',
              term('needs review'),
              ' when the result may have changed the room’s structure (windows, doors or walls). Check it before you publish it.',
            ],
          },
        ],
      },
      {
        title: 'Versions and Generate again',
        blocks: [
          {
            paragraph: [
              'Hearth keeps every result made from a photo as a ',
              term('version'),
              ', in order, with its template, style and instructions. In the review dialog the versions of the photo you are looking at are shown as a strip under it: click one to compare it with the original on the slider, or to download it.',
            ],
          },
          {
            bullets: [
              [
                term('Use this version'),
                ' makes it the photo’s chosen one: the photo’s download, the project’s ZIP and the thumbnails use it.',
              ],
              [
                term('Generate again'),
                ' makes a new version of the photo with the same settings, or with another template, style or instructions (choose “None: custom instructions only” to use your instructions alone). It counts one image per variation and nothing if it fails; the new version appears in the strip by itself when it is ready.',
              ],
              ['A photo that failed can be generated again the same way.'],
            ],
          },
        ],
      },
      {
        title: 'Downloading',
        blocks: [
          {
            paragraph: [
              'Open a project to compare each photo before and after at full size. Download a single photo, or the whole project: one completed photo downloads as itself, two or more as a ZIP file named after the project, with one file per photo (its chosen version). ',
              term('All versions'),
              ' puts every version of every photo in the ZIP instead. Results have the same resolution as the photo you uploaded.',
            ],
          },
        ],
      },
      {
        title: 'Listings and MLS disclosure',
        blocks: [
          {
            paragraph: [
              term('Listing'),
              ' on a project lets you rename it and add the listing address and MLS number (the projects list can be searched by name or address). Under ',
              term('Disclosure rules'),
              ', choose your MLS or state: California (AB 723), CRMLS, Stellar MLS, RealTracs, MLS Now, Bright MLS, SmartMLS or Generic. Hearth then knows which of your photos were altered (staging, sky, lawn, decluttering, custom instructions) and which only had light and colour corrected, which need no disclosure. The review dialog marks each result ',
              term('Disclosed'),
              ' (with the caption your rules give it) or ',
              term('Exempt'),
              ', and warns before you use a template your rules do not allow.',
            ],
          },
          {
            bullets: [
              [
                term('Download for MLS'),
                ' makes a ZIP in the order your MLS asks for: numbered files, each original placed beside its altered photo where required, a label burned in where your rules require one (or, if you tick the box, where they allow one), a captions.csv with the caption of every photo, and a remarks.txt with the sentence for your public remarks. If a photo breaks your MLS’s rules, the download says which photo and which rule.',
              ],
              [
                term('Publish originals page'),
                ' makes a page anyone can open without signing in, showing each altered photo beside its original, as California law asks. Its address and QR code (PNG or SVG) go in your listing; ',
                term('Unpublish'),
                ' takes it down at once.',
              ],
              [
                term('Keep furniture consistent'),
                ' stages every photo of one room with the same furniture. Turn it on in ',
                term('Listing'),
                ', then in the review give the photos of each room the same ',
                term('Room'),
                ' name (“Living room”). The first staged photo of a room you use is sent with the room’s other photos as a furniture reference when they are staged or generated again; the version says “Furniture matched to …”. Photos uploaded together are staged side by side, so name the rooms and use ',
                term('Generate again'),
                ' on the others.',
              ],
            ],
          },
        ],
      },
      {
        title: 'How long photos are kept',
        blocks: [
          {
            paragraph: [
              `Photos and results are deleted ${RETENTION_DAYS} days after upload (Elite keeps them ${ELITE_RETENTION_DAYS} days). A badge on the project shows the days left once ${RETENTION_WARNING_DAYS} or fewer remain. Download what you want to keep before then.`,
            ],
          },
          {
            paragraph: [
              'A listing whose originals page is published is marked ',
              term('Published'),
              ' and keeps its photos for as long as the page is up, past the retention period. Once you unpublish it, photos older than the period are deleted at the next clean-up.',
            ],
          },
        ],
      },
    ],
  },
  {
    id: 'troubleshooting',
    label: 'Troubleshooting',
    title: 'Troubleshooting',
    lead: 'Quick fixes for the problems agents meet most often.',
    parts: [
      {
        title: '“Some files were rejected”',
        blocks: [
          {
            paragraph: [
              `Only ${ACCEPTED_FORMATS_TEXT} files up to ${MAX_UPLOAD_MB} MB are accepted. Export large RAW or TIFF files as JPG, or reduce their size, and try again.`,
            ],
          },
        ],
      },
      {
        title: '“Upload Limit Exceeded” or “Plan Limit Exceeded”',
        blocks: [
          {
            paragraph: [
              'You chose more photos than your trial or plan has left. The message says how many you can still upload; choose fewer photos, or pick a plan on the billing page.',
            ],
          },
        ],
      },
      {
        title: 'Process Photos is disabled',
        blocks: [
          {
            paragraph: [
              'Choose at least one photo and a template or some instructions. Your trial or subscription must also be active: if the dashboard shows ‘Trial Expired’, ‘Subscription Canceled’ or ‘Payment Overdue’, follow its button to restore access. After a failed payment you keep access for a 3-day grace period.',
            ],
          },
        ],
      },
      {
        title: 'A project seems stuck',
        blocks: [
          {
            paragraph: [
              'Large batches take several minutes. The list refreshes by itself every few seconds; if nothing has changed for more than 10 minutes, reload the page. Photos that cannot be processed end as Failed and are not counted.',
            ],
          },
        ],
      },
      {
        title: 'A result does not look right',
        blocks: [
          {
            paragraph: [
              `Try another template, or add instructions that name what to keep or change. Photos shot level, bright and at ${RECOMMENDED_RESOLUTION} or more give the best results. Results marked ‘needs review’ deserve a close look before publishing.`,
            ],
          },
        ],
      },
      {
        title: 'Still stuck?',
        blocks: [
          {
            paragraph: [
              'Email ',
              { mail: SUPPORT_EMAIL },
              ` with the project name and the file names. We answer within ${SUPPORT_RESPONSE_HOURS} hours on business days; put URGENT in the subject if it cannot wait. See the `,
              { link: 'contact page', to: '/contact-us' },
              ' for what to include.',
            ],
          },
        ],
      },
    ],
  },
];
