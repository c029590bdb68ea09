import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BackLink } from '../../components/layout/back-link';
import { PageHead } from '../../components/layout/page-head';
import { Tabs, type TabItem } from '../../components/ui/tabs';
import { useTemplates } from '../../features/templates/api/get-templates';
import { customInstructionsAvailable } from '../../features/templates/template-groups';
import { TEMPLATE_HELP } from '../../content/help-templates';
import { PAGE_META } from '../../content/page-meta';
import {
  ACCEPTED_FORMATS_TEXT,
  EXAMPLE_PROJECT_NAME,
  LARGE_BATCH_WARNING_AT,
  MAX_PHOTOS_PER_BATCH,
  MAX_UPLOAD_MB,
  PLAN_LIMITS,
  PROJECTS_PER_PAGE,
  RECOMMENDED_RESOLUTION,
  RETENTION_DAYS,
  RETENTION_WARNING_DAYS,
  SUPPORT_EMAIL,
  SUPPORT_RESPONSE_HOURS,
  TRIAL_HOURS,
  TRIAL_IMAGES,
} from '../../content/product-facts';

function Topic({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  return (
    <div className="space-y-6">
      <div className="space-y-1.5">
        <h2 className="text-xl font-semibold text-stone-900 sm:text-2xl">{title}</h2>
        <p className="text-stone-600">{lead}</p>
      </div>
      {children}
    </div>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2.5">
      <h3 className="font-semibold text-stone-900">{title}</h3>
      <div className="space-y-2.5 leading-relaxed text-stone-700">{children}</div>
    </section>
  );
}

function Steps({ children }: { children: ReactNode }) {
  return <ol className="list-decimal space-y-1.5 pl-6 marker:font-semibold marker:text-brand-800">{children}</ol>;
}

function Bullets({ children }: { children: ReactNode }) {
  return <ul className="list-disc space-y-1.5 pl-6">{children}</ul>;
}

const Term = ({ children }: { children: ReactNode }) => (
  <span className="font-semibold whitespace-nowrap text-stone-900">{children}</span>
);

const linkClass = 'font-medium text-brand-800 underline underline-offset-4';
const usd = (amount: number) => `$${amount.toFixed(2)}`;

const gettingStarted = (
  <Topic title="Getting started" lead="From your first photo to a listing-ready result in a few minutes.">
    <Part title="Your free trial">
      <p>
        Start the free trial from the banner on your dashboard. It lasts {TRIAL_HOURS} hours and includes {TRIAL_IMAGES}{' '}
        images, every template and custom instructions. No credit card is required. The banner counts down the time
        left, and the usage card shows how many of your {TRIAL_IMAGES} images you have used.
      </p>
    </Part>
    <Part title="Stage your first photos">
      <Steps>
        <li>
          On the{' '}
          <Link to="/dashboard" className={linkClass}>
            dashboard
          </Link>
          , choose your photos in the upload card (up to {MAX_PHOTOS_PER_BATCH} at a time).
        </li>
        <li>Pick a template, such as Living Room or Blue Sky, or write your own instructions, or both.</li>
        <li>
          Press <Term>Process Photos</Term>. The batch becomes a project named after the moment you sent it, for example
          &lsquo;{EXAMPLE_PROJECT_NAME}&rsquo;.
        </li>
        <li>
          When the project shows <Term>Ready</Term>, open it to compare each photo before and after, then download the
          results.
        </li>
      </Steps>
    </Part>
    <Part title="After the trial">
      <p>
        Choose a plan on the billing page to keep going. Every plan includes bulk upload, custom prompts and templates.
      </p>
      <Bullets>
        {PLAN_LIMITS.map((plan) => (
          <li key={plan.name}>
            <Term>{plan.name}</Term>: ${plan.monthlyUsd}/month, {plan.imagesPerMonth.toLocaleString('en-US')} images per
            month
            {plan.extraImageUsd === null
              ? ', uploads pause when they are used up'
              : `, then ${usd(plan.extraImageUsd)} per extra image`}
            ; photos kept {plan.retentionDays} days.
          </li>
        ))}
      </Bullets>
      <p>You can cancel at any time from the billing page; there are no fees or contracts.</p>
    </Part>
  </Topic>
);

const uploading = (
  <Topic title="Uploading photos" lead="What you can upload, and how to get the best results.">
    <Part title="Formats and limits">
      <Bullets>
        <li>Formats: {ACCEPTED_FORMATS_TEXT}, including HEIC photos straight from an iPhone.</li>
        <li>Size: up to {MAX_UPLOAD_MB} MB per photo.</li>
        <li>
          Batch: up to {MAX_PHOTOS_PER_BATCH} photos per upload. From {LARGE_BATCH_WARNING_AT} photos on, the upload
          card warns that a large batch may take several minutes.
        </li>
        <li>
          Free trial: {TRIAL_IMAGES} images in total. If you choose more photos than you have left, the upload stops and
          tells you how many you can still send.
        </li>
      </Bullets>
      <p>
        A file that is not one of these formats, or is larger than {MAX_UPLOAD_MB} MB, is left out and you see
        &lsquo;Some files were rejected&rsquo;. Files are checked by their content, so renaming a file does not change
        its format.
      </p>
    </Part>
    <Part title="Photos that stage well">
      <Bullets>
        <li>Use a resolution of at least {RECOMMENDED_RESOLUTION} (1920 × 1080 pixels); larger is better.</li>
        <li>Shoot level, from about chest height, with the corners of the room in view.</li>
        <li>Turn on the lights, open the blinds, and avoid strong backlight from windows.</li>
        <li>For staging, empty rooms give the cleanest result; use Declutter first for a furnished room.</li>
      </Bullets>
      <p>
        Location and camera details stored in your photos are removed when they are processed, and photos taken sideways
        on a phone are turned upright.
      </p>
    </Part>
  </Topic>
);

const templates = (
  <Topic
    title="Templates"
    lead="Ready-made instructions for the most common jobs. Popular templates are listed first in the upload card."
  >
    <Part title="Two kinds of template">
      <p>
        <Term>Staging</Term> templates add, remove or restyle furnishings and need the AI image service.{' '}
        <Term>Enhancement</Term> templates (Professional Enhancement, Blue Sky and Perfect Lawn) improve the photo
        itself and run on Hearth&rsquo;s own image engine. If a template cannot run on your workspace, it is marked
        unavailable, with the reason.
      </p>
    </Part>
    <Part title="What each template does">
      <dl className="divide-y divide-stone-200 rounded-xl border border-stone-200">
        {TEMPLATE_HELP.map((template) => (
          <div key={template.id} className="grid gap-1 px-4 py-3 sm:grid-cols-[12rem_1fr] sm:gap-4">
            <dt className="font-semibold text-stone-900">
              {template.name}
              <span className="ml-2 text-xs font-medium text-stone-500 sm:ml-0 sm:block">
                {template.kind === 'staging' ? 'Staging' : 'Enhancement'}
                {template.popular ? ' · Popular' : ''}
              </span>
            </dt>
            <dd>{template.does}</dd>
          </div>
        ))}
      </dl>
    </Part>
  </Topic>
);

const customPrompts = (
  <Topic title="Custom prompts" lead="Describe exactly what you want, on its own or on top of a template.">
    <Part title="How your instructions are used">
      <p>
        Type your instructions in the custom instructions card. With a template selected, your text is added after the
        template&rsquo;s own instructions, so you can adjust it: choose Living Room and add &ldquo;mid-century modern,
        walnut and mustard accents&rdquo;. Without a template, your text is the whole instruction.
      </p>
    </Part>
    <Part title="Tips for good results">
      <Bullets>
        <li>Name the room and the style: &ldquo;Scandinavian bedroom, light oak, white linen bedding&rdquo;.</li>
        <li>Say what to keep: &ldquo;keep the existing fireplace and built-in shelves&rdquo;.</li>
        <li>Be specific about colour and size: &ldquo;a large grey sectional facing the window&rdquo;.</li>
        <li>Ask for one change at a time; a short, clear instruction beats a long list.</li>
        <li>
          Do not ask to change walls, windows, floors or views: staged photos must show the property as it is, and
          results that change the room&rsquo;s structure are flagged for review.
        </li>
      </Bullets>
    </Part>
  </Topic>
);

const results = (
  <Topic
    title="Results and downloads"
    lead="How processing works, what the statuses mean, and how to keep your photos."
  >
    <Part title="Projects">
      <p>
        Every upload is a project named after when you sent it, such as &lsquo;{EXAMPLE_PROJECT_NAME}&rsquo;. Your
        dashboard lists your projects, {PROJECTS_PER_PAGE} per page, newest first. While photos are being processed the
        progress bar shows &lsquo;Enhancing photos... 3 of 8 processed&rsquo;, then &lsquo;Finalizing...&rsquo;; the
        list updates by itself. When every photo is done the project shows <Term>Ready</Term>.
      </p>
      <p>Processing typically takes 1-3 minutes per photo, so a large batch can take several minutes.</p>
    </Part>
    <Part title="Photo statuses">
      <Bullets>
        <li>
          <Term>Processing</Term>: the photo is queued or being worked on.
        </li>
        <li>
          <Term>Completed</Term>: the result is ready to compare and download.
        </li>
        <li>
          <Term>Failed</Term>: the photo could not be processed. It does not count against your images, so you can
          simply upload it again.
        </li>
      </Bullets>
      <p>
        A completed photo can also be marked <Term>needs review</Term> when the result may have changed the room&rsquo;s
        structure (windows, doors or walls). Check it before you publish it.
      </p>
    </Part>
    <Part title="Downloading">
      <p>
        Open a project to compare each photo before and after at full size. Download a single photo, or the whole
        project: one completed photo downloads as itself, two or more as a ZIP file named after the project. Results
        have the same resolution as the photo you uploaded.
      </p>
    </Part>
    <Part title="How long photos are kept">
      <p>
        Photos and results are deleted {RETENTION_DAYS} days after upload (Elite keeps them{' '}
        {PLAN_LIMITS.find((plan) => plan.name === 'Elite')?.retentionDays} days). A badge on the project shows the days
        left once {RETENTION_WARNING_DAYS} or fewer remain. Download what you want to keep before then.
      </p>
    </Part>
  </Topic>
);

const troubleshooting = (
  <Topic title="Troubleshooting" lead="Quick fixes for the problems agents meet most often.">
    <Part title="“Some files were rejected”">
      <p>
        Only {ACCEPTED_FORMATS_TEXT} files up to {MAX_UPLOAD_MB} MB are accepted. Export large RAW or TIFF files as JPG,
        or reduce their size, and try again.
      </p>
    </Part>
    <Part title="“Upload Limit Exceeded” or “Plan Limit Exceeded”">
      <p>
        You chose more photos than your trial or plan has left. The message says how many you can still upload; choose
        fewer photos, or pick a plan on the billing page.
      </p>
    </Part>
    <Part title="Process Photos is disabled">
      <p>
        Choose at least one photo and a template or some instructions. Your trial or subscription must also be active:
        if the dashboard shows &lsquo;Trial Expired&rsquo;, &lsquo;Subscription Canceled&rsquo; or &lsquo;Payment
        Overdue&rsquo;, follow its button to restore access. After a failed payment you keep access for a 3-day grace
        period.
      </p>
    </Part>
    <Part title="A project seems stuck">
      <p>
        Large batches take several minutes. The list refreshes by itself every few seconds; if nothing has changed for
        more than 10 minutes, reload the page. Photos that cannot be processed end as Failed and are not counted.
      </p>
    </Part>
    <Part title="A result does not look right">
      <p>
        Try another template, or add instructions that name what to keep or change. Photos shot level, bright and at{' '}
        {RECOMMENDED_RESOLUTION} or more give the best results. Results marked &lsquo;needs review&rsquo; deserve a
        close look before publishing.
      </p>
    </Part>
    <Part title="Still stuck?">
      <p>
        Email{' '}
        <a href={`mailto:${SUPPORT_EMAIL}`} className={linkClass}>
          {SUPPORT_EMAIL}
        </a>{' '}
        with the project name and the file names. We answer within {SUPPORT_RESPONSE_HOURS} hours on business days; put
        URGENT in the subject if it cannot wait. See the{' '}
        <Link to="/contact-us" className={linkClass}>
          contact page
        </Link>{' '}
        for what to include.
      </p>
    </Part>
  </Topic>
);

const topics: TabItem[] = [
  { id: 'getting-started', label: 'Getting Started', content: gettingStarted },
  { id: 'uploading', label: 'Uploading', content: uploading },
  { id: 'templates', label: 'Templates', content: templates },
  { id: 'custom-prompts', label: 'Custom Prompts', content: customPrompts },
  { id: 'results', label: 'Results', content: results },
  { id: 'troubleshooting', label: 'Troubleshooting', content: troubleshooting },
];

/** SPEC §2 /help-center: six tabs of help, for signed-in users (the route sends visitors to log in). */
export default function HelpCenterPage() {
  const templates = useTemplates();
  const stagingOff = templates.data !== undefined && !customInstructionsAvailable(templates.data);
  return (
    <div className="space-y-6">
      <PageHead meta={PAGE_META.helpCenter} />
      <div className="space-y-3">
        <BackLink to="/dashboard">Back to Dashboard</BackLink>
        <h1 className="font-display text-3xl font-bold text-stone-900">Help Center</h1>
        <p className="text-stone-600">Answers about uploading, templates, results and more.</p>
      </div>
      {stagingOff ? (
        <p role="note" className="rounded-xl border border-stone-200 bg-white p-4 text-sm text-stone-700">
          <span className="font-semibold text-stone-900">Virtual staging is not available on this server yet. </span>
          The staging templates and custom prompts described here can be used once it is turned on; the enhancement
          templates (Professional Enhancement, Blue Sky, Perfect Lawn) work now.
        </p>
      ) : null}
      <Tabs items={topics} label="Help topics" idPrefix="help" />
    </div>
  );
}
