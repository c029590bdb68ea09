import { Clock, Mail, TriangleAlert } from 'lucide-react';
import { StaticPage } from '../../components/layout/static-page';
import { PAGE_META } from '../../content/page-meta';
import {
  MAX_PHOTOS_PER_BATCH,
  MAX_UPLOAD_MB,
  SUPPORT_EMAIL,
  SUPPORT_RESPONSE_HOURS,
  TRIAL_IMAGES,
} from '../../content/product-facts';
import { EmailAddress } from '../../components/ui/email-address';

const WHAT_TO_INCLUDE = [
  'The email address of your Hearth account',
  "The project's name as your dashboard shows it, for example 'Afternoon Session - Sep 8 12:43'",
  'Which photo is affected (its file name) and the template or instructions you used',
  'What you expected and what happened instead, with any message you saw',
  'Your browser and device, and a screenshot if it helps',
];

const COMMON_TOPICS = [
  {
    title: 'Billing and plans',
    text: 'Changing or cancelling a plan, invoices, payment methods and failed payments. Most of this you can do yourself in the customer portal from the billing page.',
  },
  {
    title: 'Free trial',
    text: `What the trial includes (${TRIAL_IMAGES} images within 24 hours, no credit card) and what happens when it ends.`,
  },
  {
    title: 'Uploads',
    text: `Files that are rejected (JPG, PNG, HEIC, WEBP, GIF, BMP or TIFF up to ${MAX_UPLOAD_MB} MB, ${MAX_PHOTOS_PER_BATCH} per batch) or uploads that do not finish.`,
  },
  {
    title: 'Results',
    text: 'A photo that failed or needs review, a result that does not look right, or a download that does not start.',
  },
  {
    title: 'Your account',
    text: 'Verification and password-reset emails, changing your email address, and deleting your account and data.',
  },
];

/** SPEC §2 /contact-us. The public header carries Sign In and Start Free. */
export default function ContactUsPage() {
  return (
    <StaticPage
      meta={PAGE_META.contactUs}
      title="Contact Us"
      intro={<p>Questions about your account, your photos or your plan? Our support team is here to help.</p>}
    >
      <section aria-labelledby="support-title" className="grid gap-4 sm:grid-cols-2">
        <div className="rounded-2xl border border-stone-200 bg-white p-5">
          <h2 id="support-title" className="flex items-center gap-2 font-semibold text-stone-900">
            <Mail aria-hidden className="size-5 text-brand-700" />
            Email support
          </h2>
          <p className="mt-2">
            <a className="font-medium text-brand-800 underline underline-offset-4" href={`mailto:${SUPPORT_EMAIL}`}>
              <EmailAddress email={SUPPORT_EMAIL} />
            </a>
          </p>
        </div>
        <div className="rounded-2xl border border-stone-200 bg-white p-5">
          <h2 className="flex items-center gap-2 font-semibold text-stone-900">
            <Clock aria-hidden className="size-5 text-brand-700" />
            Response time
          </h2>
          <p className="mt-2">We respond within {SUPPORT_RESPONSE_HOURS} hours on business days.</p>
        </div>
      </section>
      <p className="flex gap-3 rounded-2xl bg-brand-50 p-5 text-stone-800 ring-1 ring-brand-200">
        <TriangleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-800" />
        <span>
          Urgent matter, such as a listing going live today? Put <strong>URGENT</strong> in the subject of your email
          and we will look at it first.
        </span>
      </p>
      <section aria-labelledby="include-title" className="space-y-3">
        <h2 id="include-title" className="text-xl font-semibold text-stone-900">
          What to include in your request
        </h2>
        <ul className="list-disc space-y-1.5 pl-6">
          {WHAT_TO_INCLUDE.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="topics-title" className="space-y-3">
        <h2 id="topics-title" className="text-xl font-semibold text-stone-900">
          Common topics
        </h2>
        <dl className="grid gap-4 sm:grid-cols-2">
          {COMMON_TOPICS.map((topic) => (
            <div key={topic.title} className="rounded-2xl border border-stone-200 bg-white p-5">
              <dt className="font-semibold text-stone-900">{topic.title}</dt>
              <dd className="mt-1.5 text-stone-700">{topic.text}</dd>
            </div>
          ))}
        </dl>
      </section>
    </StaticPage>
  );
}
