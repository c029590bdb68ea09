import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BackLink } from '../../components/layout/back-link';
import { PageHead } from '../../components/layout/page-head';
import { Tabs, type TabItem } from '../../components/ui/tabs';
import { useTemplates } from '../../features/templates/api/get-templates';
import { customInstructionsAvailable } from '../../features/templates/template-groups';
import { HELP_TOPICS, helpCenter, type HelpBlock, type HelpText } from '../../content/help-center';
import { TEMPLATE_HELP } from '../../content/help-templates';
import { PAGE_META } from '../../content/page-meta';

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

/** One sentence of help: its words, with terms in bold and links to pages of the app or to a mail address. */
function Text({ text }: { text: HelpText }) {
  return text.map((phrase, index) => {
    if (typeof phrase === 'string') return phrase;
    if ('term' in phrase) return <Term key={index}>{phrase.term}</Term>;
    if ('mail' in phrase)
      return (
        <a key={index} href={`mailto:${phrase.mail}`} className={linkClass}>
          {phrase.mail}
        </a>
      );
    return (
      <Link key={index} to={phrase.to} className={linkClass}>
        {phrase.link}
      </Link>
    );
  });
}

function TemplateTable() {
  return (
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
  );
}

function Block({ block }: { block: HelpBlock }) {
  if ('paragraph' in block)
    return (
      <p>
        <Text text={block.paragraph} />
      </p>
    );
  if ('steps' in block)
    return (
      <Steps>
        {block.steps.map((step, index) => (
          <li key={index}>
            <Text text={step} />
          </li>
        ))}
      </Steps>
    );
  if ('bullets' in block)
    return (
      <Bullets>
        {block.bullets.map((bullet, index) => (
          <li key={index}>
            <Text text={bullet} />
          </li>
        ))}
      </Bullets>
    );
  return <TemplateTable />;
}

const topics: TabItem[] = HELP_TOPICS.map((topic) => ({
  id: topic.id,
  label: topic.label,
  content: (
    <Topic title={topic.title} lead={topic.lead}>
      {topic.parts.map((part) => (
        <Part key={part.title} title={part.title}>
          {part.blocks.map((block, index) => (
            <Block key={index} block={block} />
          ))}
        </Part>
      ))}
    </Topic>
  ),
}));

/** SPEC §2 /help-center: six tabs of help, for signed-in users (the route sends visitors to log in). */
export default function HelpCenterPage() {
  const templates = useTemplates();
  const stagingOff = templates.data !== undefined && !customInstructionsAvailable(templates.data);
  return (
    <div className="space-y-6">
      <PageHead meta={PAGE_META.helpCenter} />
      <div className="space-y-3">
        <BackLink to="/dashboard">Back to Dashboard</BackLink>
        <h1 className="font-display text-3xl font-bold text-stone-900">{helpCenter.title}</h1>
        <p className="text-stone-600">{helpCenter.lead}</p>
      </div>
      {stagingOff ? (
        <p role="note" className="rounded-xl border border-stone-200 bg-white p-4 text-sm text-stone-700">
          <span className="font-semibold text-stone-900">{helpCenter.stagingOff.headline}</span>
          {helpCenter.stagingOff.text}
        </p>
      ) : null}
      <Tabs items={topics} label={helpCenter.tabsLabel} idPrefix="help" />
    </div>
  );
}
