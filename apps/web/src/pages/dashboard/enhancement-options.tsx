import type { StagingStyle, Template } from '@hearth/contracts';
import { Lock } from 'lucide-react';
import { useId } from 'react';
import { Button, ButtonLink } from '../../components/ui/button';
import { RemoveFurnitureFirst } from '../../components/staging/remove-furniture-first';
import { StyleSelect } from '../../components/staging/style-select';
import { VariationsChoice } from '../../components/staging/variations-choice';
import { Spinner } from '../../components/ui/spinner';
import { TemplatePicker } from '../../features/templates/components/template-picker';
import type { TemplateChoice } from '../../features/templates/template-choice';
import { CustomInstructionsField } from '../../features/upload/components/custom-instructions-field';

interface EnhancementOptionsProps {
  templates: readonly Template[] | undefined;
  templatesError: boolean;
  onRetryTemplates: () => void;
  choice: TemplateChoice;
  onChoiceChange: (choice: TemplateChoice) => void;
  /** The chosen staging template offers 'Remove furniture first'. */
  offersRemoveFurnitureFirst: boolean;
  /** The styles of the chosen staging template; null when no staging template is chosen. */
  styles: readonly StagingStyle[] | null;
  style: StagingStyle | null;
  onStyleChange: (style: StagingStyle) => void;
  variations: number;
  onVariationsChange: (variations: number) => void;
  customText: string;
  onCustomTextChange: (text: string) => void;
  customTextUnavailableReason: string | undefined;
  /** SPEC §2 overlay text when access is restricted; null when the user may upload. */
  restrictedText: string | null;
  onStartTrial: () => void;
  startingTrial: boolean;
  busy: boolean;
}

/**
 * The custom-instructions card: templates and free text. When access is restricted both are covered by
 * an overlay that says what to do, and made inert so keyboard users cannot reach them either.
 */
export function EnhancementOptions(props: EnhancementOptionsProps) {
  const id = useId();
  const restricted = props.restrictedText !== null;
  const disabled = restricted || props.busy;
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="relative rounded-xl border border-stone-200 bg-stone-50/50 p-4 sm:p-5"
    >
      <h3 id={`${id}-title`} className="sr-only">
        Template and custom instructions
      </h3>
      <div inert={restricted} className="space-y-6">
        {props.templates ? (
          <TemplatePicker
            templates={props.templates}
            choice={props.choice}
            onChange={props.onChoiceChange}
            disabled={disabled}
          />
        ) : props.templatesError ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-800">
            Templates could not be loaded.
            <Button variant="secondary" size="sm" onClick={props.onRetryTemplates}>
              Try again
            </Button>
          </div>
        ) : (
          <Spinner className="py-8" label="Loading templates" />
        )}
        {props.styles ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <StyleSelect
              styles={props.styles}
              value={props.style}
              onChange={(style) => style && props.onStyleChange(style)}
              hint="The look of the furniture and decor."
              disabled={disabled}
            />
            <VariationsChoice value={props.variations} onChange={props.onVariationsChange} disabled={disabled} />
            {props.offersRemoveFurnitureFirst ? (
              <RemoveFurnitureFirst
                className="sm:col-span-2"
                checked={props.choice.removeFurnitureFirst}
                onChange={(removeFurnitureFirst) => props.onChoiceChange({ ...props.choice, removeFurnitureFirst })}
                disabled={disabled}
              />
            ) : null}
          </div>
        ) : null}
        <CustomInstructionsField
          value={props.customText}
          onChange={props.onCustomTextChange}
          disabled={disabled}
          unavailableReason={props.customTextUnavailableReason}
        />
      </div>
      {props.restrictedText ? (
        <div className="absolute inset-0 flex items-center justify-center rounded-xl bg-white/70 p-4 backdrop-blur-[2px]">
          <div className="flex max-w-xs flex-col items-center gap-3 rounded-xl border border-stone-200 bg-white p-5 text-center shadow-lg">
            <span className="flex size-10 items-center justify-center rounded-full bg-stone-100 text-stone-700">
              <Lock aria-hidden className="size-5" />
            </span>
            <p className="font-semibold text-stone-900">{props.restrictedText}</p>
            {props.restrictedText.startsWith('Start trial') ? (
              <Button onClick={props.onStartTrial} disabled={props.startingTrial}>
                {props.startingTrial ? 'Starting...' : 'Start Free Trial'}
              </Button>
            ) : (
              <ButtonLink to="/billing">View Plans</ButtonLink>
            )}
          </div>
        </div>
      ) : null}
    </section>
  );
}
