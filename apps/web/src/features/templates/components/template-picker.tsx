import type { Template } from '@hearth/contracts';
import { Check, Info, Sofa, Sparkles } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/class-names';
import { groupTemplates, summarizeNames } from '../template-groups';
import { NO_TEMPLATE, toggleTemplate, type TemplateChoice } from '../template-choice';

interface TemplatePickerProps {
  templates: readonly Template[];
  choice: TemplateChoice;
  onChange: (choice: TemplateChoice) => void;
  disabled?: boolean;
}

/**
 * The templates this server can run, popular ones first. Staging templates are one radio group (arrow keys
 * move between them); the enhancements that combine (issue 13) are checkboxes, so Blue Sky and Perfect Lawn
 * can be picked together, and picking one kind clears the other (template-choice.ts). What it cannot run is
 * not offered as tiles: one note says what is missing, and for whoever runs the server how to turn it on
 * (decision 061).
 */
export function TemplatePicker({ templates, choice, onChange, disabled = false }: TemplatePickerProps) {
  const id = useId();
  const groups = groupTemplates(templates);
  const popular = groups.popular.filter((t) => t.available);
  const more = groups.more.filter((t) => t.available);
  const selected = templates.some((t) => choice.ids.includes(t.id));
  const combinable = templates.filter((t) => t.available && t.combinable).length > 1;

  const renderGroup = (title: string, group: Template[]) =>
    group.length === 0 ? null : (
      <div className="space-y-2">
        <h4 className="text-xs font-semibold tracking-wide text-stone-500 uppercase">{title}</h4>
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4">
          {group.map((template) => (
            <li key={template.id}>
              <TemplateTile
                template={template}
                name={`${id}-template`}
                checked={choice.ids.includes(template.id)}
                disabled={disabled}
                onSelect={() => onChange(toggleTemplate(templates, choice, template.id))}
              />
            </li>
          ))}
        </ul>
      </div>
    );

  return (
    <div
      role="group"
      aria-labelledby={`${id}-title`}
      aria-describedby={combinable ? `${id}-hint` : undefined}
      className="min-w-0 space-y-3"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <h3 id={`${id}-title`} className="text-sm font-semibold text-stone-900">
            Choose a template
          </h3>
          {combinable ? (
            <p id={`${id}-hint`} className="text-xs text-stone-600">
              Enhancements can be combined: pick one or more for one image per photo.
            </p>
          ) : null}
        </div>
        {selected ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => onChange(NO_TEMPLATE)}
            disabled={disabled}
            className="-my-1 h-8"
          >
            Clear template
          </Button>
        ) : null}
      </div>
      {groups.unavailable.length > 0 ? (
        <UnavailableNote unavailable={groups.unavailable} reasons={groups.unavailableReasons} />
      ) : null}
      {renderGroup('Popular', popular)}
      {renderGroup('More templates', more)}
    </div>
  );
}

/** Everything this server cannot do now, under one line; the operator's how-to comes from the server. */
function UnavailableNote({ unavailable, reasons }: { unavailable: Template[]; reasons: string[] }) {
  const staging = unavailable.filter((t) => t.category === 'staging');
  const others = unavailable.filter((t) => t.category !== 'staging');
  return (
    <div
      role="note"
      data-testid="staging-unavailable"
      className="flex gap-2.5 rounded-xl border border-stone-200 bg-white p-3 text-sm text-stone-700"
    >
      <Info aria-hidden className="mt-0.5 size-4 shrink-0 text-stone-500" />
      <div className="min-w-0 space-y-1">
        <p className="font-semibold text-stone-900">
          {staging.length > 0
            ? 'Virtual staging is not available on this server yet'
            : 'Some templates are not available'}
        </p>
        <p>
          {staging.length > 0
            ? `${summarizeNames(staging)} and custom instructions can be used once it is turned on. The enhancement templates below work now.`
            : `${summarizeNames(others)} cannot be used right now.`}
        </p>
        {reasons.map((reason) => (
          <p key={reason} className="text-xs break-words text-stone-500">
            <span className="font-semibold text-stone-600">For whoever runs this server: </span>
            {reason}
          </p>
        ))}
      </div>
    </div>
  );
}

interface TemplateTileProps {
  template: Template;
  name: string;
  checked: boolean;
  disabled: boolean;
  onSelect: () => void;
}

function TemplateTile({ template, name, checked, disabled, onSelect }: TemplateTileProps) {
  const Icon = template.category === 'staging' ? Sofa : Sparkles;
  return (
    <label
      className={cn(
        'relative flex h-full min-h-14 items-start gap-2.5 rounded-xl border bg-white p-3 text-sm transition-colors',
        'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700',
        checked ? 'border-brand-600 bg-brand-50 ring-1 ring-brand-600' : 'border-stone-200',
        disabled ? 'cursor-not-allowed opacity-60' : 'cursor-pointer hover:border-brand-300 hover:bg-brand-50/40',
      )}
    >
      <input
        type={template.combinable ? 'checkbox' : 'radio'}
        name={name}
        value={template.id}
        checked={checked}
        disabled={disabled}
        onChange={onSelect}
        className="sr-only"
      />
      <span
        className={cn(
          // Phones give the name the icon's width, so no template name has to break inside a word.
          'hidden size-8 shrink-0 items-center justify-center rounded-lg sm:flex',
          checked ? 'bg-brand-700 text-white' : 'bg-stone-100 text-stone-600',
        )}
      >
        {checked ? <Check aria-hidden className="size-4" /> : <Icon aria-hidden className="size-4" />}
      </span>
      {checked ? <Check aria-hidden className="absolute top-2 right-2 size-4 text-brand-700 sm:hidden" /> : null}
      <span className="min-w-0 pr-3 sm:pr-0">
        <span className="block leading-snug font-medium break-words text-stone-900">{template.name}</span>
        <span className="block text-xs text-stone-500">
          {template.category === 'staging' ? 'Staging' : 'Enhancement'}
        </span>
      </span>
    </label>
  );
}
