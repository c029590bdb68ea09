/**
 * Every word of the landing page, in one place to edit. Claims follow SPEC §1 (where they are marketing claims,
 * not guarantees); product numbers come from product-facts.ts so every page states the same trial and limits.
 */
import type { LandingPhotoSlug } from './landing-images';
import {
  ACCEPTED_FORMATS_TEXT,
  MAX_PHOTOS_PER_BATCH,
  MAX_UPLOAD_MB,
  RETENTION_DAYS,
  TRIAL_IMAGES,
} from './product-facts';

/** Every call to action on the page goes here (SPEC §2). */
export const SIGNUP_PATH = '/signup';

export const hero = {
  eyebrow: 'AI virtual staging for real estate professionals',
  title: 'Sell homes faster with Virtual Staging',
  lead: 'Upload a listing photo, pick a room style or describe what you want, and get a staged, listing-ready photo back in under 30 seconds.',
  cta: 'Upload image for free',
  note: 'No credit card required',
  trialNote: `${TRIAL_IMAGES} free images to try it`,
  photo: 'living-room' as LandingPhotoSlug,
  photoAlt: {
    before: 'An empty living room with bare oak floors and a large window',
    after: 'The same living room staged with a linen sofa, two accent chairs, a round coffee table, a rug and lamps',
  },
};

export const trustStats = [
  { figure: '89%', label: 'more buyer interest' },
  { figure: '50%', label: 'higher sale prices' },
  { figure: '3x', label: 'faster closings' },
] as const;

export interface GalleryPair {
  slug: LandingPhotoSlug;
  caption: string;
  detail: string;
  alt: { before: string; after: string };
}

export const gallery = {
  title: 'See the difference staging makes',
  lead: 'Drag the divider, or use the arrow keys, to compare each photo before and after.',
  cta: 'Try it free - No credit card required',
  /** Honest about the pictures: what each pair really is. */
  note: 'The curb-appeal pair is a real result of the Blue Sky and Perfect Lawn templates. The rooms are our own 3D renders, shown empty and then furnished as each staging template asks.',
  pairs: [
    {
      slug: 'curb-appeal',
      caption: 'Curb appeal',
      detail: 'Blue Sky and Perfect Lawn turn a grey day and a tired lawn into a bright first impression.',
      alt: {
        before: 'A two-storey house under a flat grey sky, with a patchy straw-coloured lawn',
        after: 'The same house under a clear blue sky, with an even green lawn',
      },
    },
    {
      slug: 'kitchen',
      caption: 'Kitchen',
      detail: 'Bar stools, fresh fruit and a little greenery, with the counters kept clear.',
      alt: {
        before: 'An empty kitchen with blue-grey cabinets, white counters and an island',
        after: 'The same kitchen with three bar stools at the island, a fruit bowl, cookbooks and plants',
      },
    },
    {
      slug: 'master-bedroom',
      caption: 'Master bedroom',
      detail: 'A king bed with layered linens, matching nightstands and lamps, a bench and a large rug.',
      alt: {
        before: 'An empty bedroom with oak floors and a window',
        after: 'The same bedroom with an upholstered king bed, nightstands with lamps, a bench, a rug and curtains',
      },
    },
    {
      slug: 'office',
      caption: 'Empty office',
      detail: 'A spare room shown as the home office buyers are looking for.',
      alt: {
        before: 'A small empty room with a window and a door',
        after: 'The same room as a home office with a desk facing the window, a chair, a bookshelf and a plant',
      },
    },
  ] satisfies GalleryPair[],
};

export type FeatureIcon = 'zap' | 'mouse-pointer' | 'piggy-bank' | 'layers' | 'message-square' | 'badge-check';

export const features = {
  title: 'Everything you need to market a listing',
  lead: 'Built for agents, brokers and teams who would rather be showing homes than editing photos.',
  items: [
    {
      icon: 'zap',
      title: 'Instant Results',
      text: 'Most photos come back in about 15 seconds, so a whole listing is ready before your coffee is.',
    },
    {
      icon: 'mouse-pointer',
      title: 'Easy to Use',
      text: 'Upload, pick a template such as Living Room or Curb Appeal, and press Process Photos. No design skills needed.',
    },
    {
      icon: 'piggy-bank',
      title: 'Low Price',
      text: 'Save up to 98% compared with traditional staging, and skip the roughly $3,000 it costs to stage a home.',
    },
    {
      icon: 'layers',
      title: 'Bulk Upload',
      text: `Send up to ${MAX_PHOTOS_PER_BATCH} photos in one batch; each batch becomes a project you can review and download.`,
    },
    {
      icon: 'message-square',
      title: 'Custom Prompts',
      text: 'Describe exactly what you want, such as "mid-century furniture, warm light", on its own or on top of a template.',
    },
    {
      icon: 'badge-check',
      title: 'MLS Compliant',
      text: 'Staging changes the furnishings, never the walls, windows or views, so photos stay true to the property.',
    },
  ] satisfies Array<{ icon: FeatureIcon; title: string; text: string }>,
};

export interface Testimonial {
  rating: 5;
  text: string;
  author: string;
  title: string;
  location: string;
  initials: string;
}

export const testimonials = {
  title: 'Agents who stage with Hearth',
  items: [
    {
      rating: 5,
      text: 'I staged an empty three-bedroom the night before it went live. Twelve showings the first weekend and two offers by Monday.',
      author: 'Dana Whitfield',
      title: 'Listing Agent',
      location: 'Austin, TX',
      initials: 'DW',
    },
    {
      rating: 5,
      text: 'Physical staging for a vacant condo was quoted at $2,800. Hearth cost me a fraction of that and the photos look just as good online.',
      author: 'Marcus Bell',
      title: 'Broker Associate',
      location: 'Tampa, FL',
      initials: 'MB',
    },
    {
      rating: 5,
      text: 'Each room came back in under a minute. I uploaded the whole listing from my phone between two showings.',
      author: 'Priya Raman',
      title: 'Realtor',
      location: 'San Jose, CA',
      initials: 'PR',
    },
    {
      rating: 5,
      text: 'Blue Sky saved a listing shot on a rainy day. Sellers noticed the difference on the very first photo.',
      author: 'Tom Okafor',
      title: 'Team Lead',
      location: 'Columbus, OH',
      initials: 'TO',
    },
    {
      rating: 5,
      text: 'Our team processes every new listing in one batch. The templates keep the look consistent across agents.',
      author: 'Elena Castillo',
      title: 'Managing Broker',
      location: 'Denver, CO',
      initials: 'EC',
    },
    {
      rating: 5,
      text: 'Buyers finally understand how the spare room works as an office. That one photo does the explaining for me.',
      author: 'Greg Lindqvist',
      title: 'Real Estate Agent',
      location: 'Minneapolis, MN',
      initials: 'GL',
    },
  ] satisfies Testimonial[],
};

export const faq = {
  title: 'Frequently asked questions',
  items: [
    {
      id: 'formats',
      question: 'What photo formats can I upload?',
      answer: `${ACCEPTED_FORMATS_TEXT}, up to ${MAX_UPLOAD_MB} MB per photo and up to ${MAX_PHOTOS_PER_BATCH} photos per batch. For the best results, upload photos of at least 1080p.`,
    },
    {
      id: 'processing',
      question: 'How long does processing take?',
      answer:
        'Most photos are ready in under 30 seconds. Large batches are processed photo by photo and can take several minutes; you can follow their progress on your dashboard.',
    },
    {
      id: 'compliance',
      question: 'Are virtually staged photos MLS compliant?',
      answer:
        'Staging adds or changes furnishings and decor only; it does not alter the structure, fixtures or views of the property. Most MLSs ask you to disclose that photos are virtually staged, so check your local rules and label them accordingly.',
    },
    {
      id: 'cancel',
      question: 'Can I cancel my subscription anytime?',
      answer:
        'Yes. Cancel any time from the billing area: there are no cancellation fees or contracts, and you keep access until the end of the period you paid for.',
    },
    {
      id: 'storage',
      question: 'How long are my photos stored?',
      answer: `Uploaded photos and their results are kept for ${RETENTION_DAYS} days, then deleted from our servers (some plans keep them longer). Download the results you want to keep. Your photos stay yours and are never used to train AI models without your consent.`,
    },
    {
      id: 'difference',
      question: 'How is this different from traditional staging?',
      answer:
        'Traditional staging means renting and moving furniture, often about $3,000 per home, and takes days to arrange. Virtual staging furnishes the photos instead: it costs up to 98% less, is ready the same day, and lets you show one room in several styles.',
    },
  ],
};

export const finalCta = {
  title: 'Stage your next listing today',
  text: `Try it on your own photos: ${TRIAL_IMAGES} images free, up to ${MAX_PHOTOS_PER_BATCH} per batch. No credit card required.`,
  cta: 'Upload image for free',
};
