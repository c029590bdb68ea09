import type { ReactNode } from 'react';
import { BackLink } from '../../components/layout/back-link';
import { Tabs, type TabItem } from '../../components/ui/tabs';

function Topic({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="space-y-3">
      <h2 className="text-xl font-semibold text-stone-900">{title}</h2>
      <div className="space-y-3 leading-relaxed text-stone-700">{children}</div>
    </div>
  );
}

const topics: TabItem[] = [
  {
    id: 'getting-started',
    label: 'Getting Started',
    content: (
      <Topic title="Getting started">
        <p>
          Your free trial lets you process 10 images within 24 hours, with all templates and no credit card required.
        </p>
        <p>
          Upload your listing photos, choose a template or write your own instructions, then press Process Photos. Each
          batch becomes a project on your dashboard.
        </p>
      </Topic>
    ),
  },
  {
    id: 'uploading',
    label: 'Uploading',
    content: (
      <Topic title="Uploading photos">
        <p>
          Supported formats are JPG, PNG, HEIC, WEBP, GIF, BMP and TIFF, up to 25 MB per image. You can upload up to 30
          images per batch.
        </p>
        <p>For the best results, use photos with a resolution of at least 1080p.</p>
      </Topic>
    ),
  },
  {
    id: 'templates',
    label: 'Templates',
    content: (
      <Topic title="Templates">
        <p>
          Templates are ready-made instructions such as Bedroom, Living Room, Home Office, Curb Appeal, Blue Sky and
          Perfect Lawn. The most popular templates are listed first, and every template is included in the free trial.
        </p>
      </Topic>
    ),
  },
  {
    id: 'custom-prompts',
    label: 'Custom Prompts',
    content: (
      <Topic title="Custom prompts">
        <p>
          Write your own instructions instead of a template, or add them to one: your text is applied after the
          template's instructions.
        </p>
      </Topic>
    ),
  },
  {
    id: 'results',
    label: 'Results',
    content: (
      <Topic title="Results">
        <p>
          Each upload is saved as a project named after the time it was made, like 'Afternoon Session - Sep 8 12:43'. A
          project shows 'Ready' when it is complete.
        </p>
        <p>
          Each photo is processing, completed or failed. Compare completed photos before and after, and download them.
        </p>
      </Topic>
    ),
  },
  {
    id: 'troubleshooting',
    label: 'Troubleshooting',
    content: (
      <Topic title="Troubleshooting">
        <p>Processing typically takes 1-3 minutes per photo, so a large batch may take several minutes.</p>
        <p>
          If a file is rejected, check that it is a JPG, PNG, HEIC, WEBP, GIF, BMP or TIFF image under 25 MB. If a photo
          fails, it is marked as needing review.
        </p>
      </Topic>
    ),
  },
];

export default function HelpCenterPage() {
  return (
    <div className="space-y-6">
      <title>Help Center · Hearth</title>
      <div className="space-y-3">
        <BackLink to="/dashboard">Back to Dashboard</BackLink>
        <h1 className="font-display text-3xl font-bold text-stone-900">Help Center</h1>
        <p className="text-stone-600">Answers about uploading, templates, results and more.</p>
      </div>
      <Tabs items={topics} label="Help topics" idPrefix="help" />
    </div>
  );
}
