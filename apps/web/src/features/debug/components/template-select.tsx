import type { Template } from '@hearth/contracts';
import { useId } from 'react';
import { inputClasses } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { cn } from '../../../lib/class-names';

interface TemplateSelectProps {
  /** In server order: popular ones in SPEC order, then the rest alphabetically. */
  popular: readonly Template[];
  more: readonly Template[];
  /** Each distinct reason a template is unavailable, said once under the list. */
  unavailableReasons: readonly string[];
  value: string | null;
  onChange: (templateId: string | null) => void;
  disabled?: boolean;
}

/**
 * A compact template list for the debug screen: choosing one fills the prompt with its prompt. Templates
 * this server cannot run are listed but cannot be chosen, and the reason is given under the list.
 */
export function TemplateSelect({ popular, more, unavailableReasons, value, onChange, disabled }: TemplateSelectProps) {
  const id = useId();
  const option = (template: Template) => (
    <option key={template.id} value={template.id} disabled={!template.available}>
      {template.available ? template.name : `${template.name} (unavailable)`}
    </option>
  );
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>Template</Label>
      <select
        id={id}
        value={value ?? ''}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.value || null)}
        className={cn(inputClasses, 'pr-8')}
      >
        <option value="">None: write your own prompt</option>
        {popular.length ? <optgroup label="Popular">{popular.map(option)}</optgroup> : null}
        {more.length ? <optgroup label="More templates">{more.map(option)}</optgroup> : null}
      </select>
      <div id={`${id}-hint`} className="space-y-1 text-xs text-stone-600">
        <p>Choosing a template fills the prompt with the template&rsquo;s prompt.</p>
        {unavailableReasons.map((reason) => (
          <p key={reason}>
            <span className="font-semibold text-stone-700">Unavailable templates: </span>
            {reason}
          </p>
        ))}
      </div>
    </div>
  );
}
