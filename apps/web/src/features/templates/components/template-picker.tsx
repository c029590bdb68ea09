import type { Template } from '@hearth/contracts';
import { Check, Sofa, Sparkles } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/class-names';
import { groupTemplates } from '../template-groups';

interface TemplatePickerProps {
  templates: readonly Template[];
  selectedId: string | null;
  onSelect: (templateId: string | null) => void;
  disabled?: boolean;
}

/**
 * One radio group over all templates (arrow keys move between them), popular ones first. Templates this
 * server cannot run stay visible but disabled, with the reason said once and linked to each of them.
 */
export function TemplatePicker({ templates, selectedId, onSelect, disabled = false }: TemplatePickerProps) {
  const id = useId();
  const { popular, more, unavailableReasons } = groupTemplates(templates);
  const reasonId = (reason: string | undefined) =>
    reason === undefined ? undefined : `${id}-reason-${unavailableReasons.indexOf(reason)}`;
  const selected = templates.find((t) => t.id === selectedId);

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
                checked={template.id === selectedId}
                disabled={disabled || !template.available}
                describedBy={template.available ? undefined : reasonId(template.unavailableReason)}
                onSelect={() => onSelect(template.id)}
              />
            </li>
          ))}
        </ul>
      </div>
    );

  return (
    <div role="radiogroup" aria-labelledby={`${id}-title`} className="min-w-0 space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${id}-title`} className="text-sm font-semibold text-stone-900">
          Choose a template
        </h3>
        {selected ? (
          <Button variant="ghost" size="sm" onClick={() => onSelect(null)} disabled={disabled} className="-my-1 h-8">
            Clear template
          </Button>
        ) : null}
      </div>
      {unavailableReasons.map((reason) => (
        <p key={reason} id={reasonId(reason)} className="text-xs text-stone-600">
          <span className="font-semibold text-stone-700">Unavailable templates: </span>
          {reason}
        </p>
      ))}
      {renderGroup('Popular', popular)}
      {renderGroup('More templates', more)}
    </div>
  );
}

interface TemplateTileProps {
  template: Template;
  name: string;
  checked: boolean;
  disabled: boolean;
  describedBy: string | undefined;
  onSelect: () => void;
}

function TemplateTile({ template, name, checked, disabled, describedBy, onSelect }: TemplateTileProps) {
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
        type="radio"
        name={name}
        value={template.id}
        checked={checked}
        disabled={disabled}
        aria-describedby={describedBy}
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
          {template.available ? (template.category === 'staging' ? 'Staging' : 'Enhancement') : 'Unavailable'}
        </span>
      </span>
    </label>
  );
}
