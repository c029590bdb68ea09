import type { DisclosureProfileId, Photo, PhotoVersion, StagingStyle, Template } from '@hearth/contracts';
import { MAX_VARIATIONS } from '@hearth/contracts';
import { LoaderCircle, RefreshCw } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { RemoveFurnitureFirst } from '../../../components/staging/remove-furniture-first';
import { StyleSelect } from '../../../components/staging/style-select';
import { VariationsChoice } from '../../../components/staging/variations-choice';
import { Button } from '../../../components/ui/button';
import { inputClasses } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';
import { isUnauthorizedError } from '../../../lib/api-client';
import { cn } from '../../../lib/class-names';
import { imageCostText } from '../../../lib/image-cost';
import { redirectToLogin } from '../../../lib/login-redirect';
import { styleFor, stylesOf, variationsFor } from '../../../lib/staging-options';
import { showToast } from '../../../lib/toast';
import { useCreateVersions } from '../api/create-versions';
import { templateWarnings } from '../disclosure';
import {
  combinableWith,
  generateBlocker,
  generateFailure,
  generateRequest,
  initialValues,
  type GenerateAgainOptions,
  type GenerateAgainValues,
} from '../generate-again';

const MAX_INSTRUCTIONS = 2000;

interface GenerateAgainFormProps {
  photo: Photo;
  /** The version looked at: its settings are the form's starting point. */
  base: PhotoVersion | null;
  /** The listing's disclosure rules: a template they forbid is warned about before it is used. */
  profileId: DisclosureProfileId;
  options: GenerateAgainOptions;
  onCreated: (versions: PhotoVersion[]) => void;
  onCancel: () => void;
}

/**
 * 'Generate again' (issue 12): new versions of one photo with the same settings, or with another template,
 * style or instructions. It says what it will use before it is sent (one image per variation, nothing for a
 * version that fails), and the new versions join the strip at once.
 */
export function GenerateAgainForm({ photo, base, profileId, options, onCreated, onCancel }: GenerateAgainFormProps) {
  const id = useId();
  const { templates, customInstructionsAvailable } = options;
  const [values, setValues] = useState<GenerateAgainValues>(() => initialValues(base, templates));
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateVersions(photo.projectId);
  const set = (change: Partial<GenerateAgainValues>) => {
    setProblem(null);
    setValues((current) => ({ ...current, ...change }));
  };

  const template = templates?.find((t) => t.id === values.templateId && t.available) ?? null;
  const style = styleFor(template, values.style);
  const variations = variationsFor(template, values.variations);
  const blocker = generateBlocker(values, templates, customInstructionsAvailable);
  const together = combinableWith(templates, template);
  const alsoApply = (values.alsoApply ?? []).filter((other) => together.some((t) => t.id === other));
  const warnings = [
    ...templateWarnings(template, profileId),
    ...together.filter((t) => alsoApply.includes(t.id)).flatMap((t) => templateWarnings(t, profileId)),
  ];
  const named = [template, ...together.filter((t) => alsoApply.includes(t.id))]
    .flatMap((t) => (t ? [t.name] : []))
    .join(' + ');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const missing = blocker ?? options.blockedReason;
    if (missing) return setProblem(missing);
    const quota = options.checkQuota(variations);
    if (quota) return showToast({ variant: 'destructive', title: quota.title, description: quota.description });
    create.mutate(
      { photoId: photo.id, request: generateRequest(values, templates, customInstructionsAvailable) },
      {
        onSuccess: ({ versions }) => {
          options.onImagesChanged();
          onCreated(versions);
        },
        onError: (error) => {
          if (isUnauthorizedError(error)) return redirectToLogin();
          const failure = generateFailure(error);
          if (failure.kind === 'toast') {
            showToast({ variant: 'destructive', title: failure.title, description: failure.description });
          } else {
            setProblem(failure.message);
          }
          // A refusal may come from an allowance that changed elsewhere: show the usage as it is now.
          options.onImagesChanged();
        },
      },
    );
  };

  return (
    <form
      aria-labelledby={`${id}-title`}
      onSubmit={submit}
      noValidate
      className="space-y-4 rounded-xl border border-stone-200 bg-stone-50/60 p-4"
    >
      <div className="space-y-0.5">
        <h3 id={`${id}-title`} className="text-sm font-semibold text-stone-900">
          Generate again
        </h3>
        <p className="text-xs text-stone-600">
          A new version of {photo.fileName}. Every version you have is kept; you choose which one to use.
        </p>
      </div>

      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <TemplateField
          id={`${id}-template`}
          templates={templates ?? []}
          value={values.templateId}
          allowNone={customInstructionsAvailable}
          onChange={(templateId) => set({ templateId, alsoApply: [], removeFurnitureFirst: false })}
          disabled={create.isPending}
        />
        {together.length ? (
          <fieldset className="space-y-1.5 sm:col-span-1 lg:col-span-2">
            <legend className="text-sm font-medium text-stone-800">Also apply</legend>
            <div className="flex flex-wrap gap-x-4 gap-y-2 pt-1.5">
              {together.map((other) => (
                <label key={other.id} className="flex items-center gap-2 text-sm text-stone-800">
                  <input
                    type="checkbox"
                    className="size-5 accent-brand-700"
                    checked={alsoApply.includes(other.id)}
                    disabled={create.isPending}
                    onChange={(event) =>
                      set({
                        alsoApply: event.target.checked
                          ? [...alsoApply, other.id]
                          : alsoApply.filter((picked) => picked !== other.id),
                      })
                    }
                  />
                  {other.name}
                </label>
              ))}
            </div>
            <p className="text-xs text-stone-600">Enhancements chosen together make one image.</p>
          </fieldset>
        ) : null}
        {template && style ? (
          <>
            <StyleSelect
              styles={stylesOf(template)}
              value={style}
              onChange={(next: StagingStyle | null) => set({ style: next })}
              disabled={create.isPending}
            />
            <VariationsChoice
              value={Math.min(variations, MAX_VARIATIONS)}
              onChange={(next) => set({ variations: next })}
              disabled={create.isPending}
            />
            {template.removeFurnitureFirst ? (
              <RemoveFurnitureFirst
                className="sm:col-span-2 lg:col-span-3"
                checked={values.removeFurnitureFirst === true}
                onChange={(removeFurnitureFirst) => set({ removeFurnitureFirst })}
                disabled={create.isPending}
              />
            ) : null}
          </>
        ) : null}
      </div>

      <div className="space-y-1.5">
        <Label htmlFor={`${id}-instructions`}>Custom instructions</Label>
        <Textarea
          id={`${id}-instructions`}
          rows={2}
          value={customInstructionsAvailable ? values.instructions : ''}
          maxLength={MAX_INSTRUCTIONS}
          disabled={create.isPending || !customInstructionsAvailable}
          aria-describedby={`${id}-instructions-hint`}
          placeholder="e.g. Add a navy linen sofa and a round oak coffee table"
          onChange={(event) => set({ instructions: event.target.value })}
        />
        <p id={`${id}-instructions-hint`} className="text-xs text-stone-600">
          {customInstructionsAvailable
            ? "Added after the template's instructions, or used on their own. Leave empty for none."
            : 'Custom instructions can be used once virtual staging is turned on.'}
        </p>
      </div>

      {warnings.length ? (
        <div
          role="status"
          className="space-y-1 rounded-lg border border-orange-200 bg-orange-50 px-3 py-2 text-sm text-orange-900"
        >
          <p className="font-semibold">This listing's disclosure rules do not allow {named}:</p>
          {warnings.map((rule) => (
            <p key={rule}>{rule}</p>
          ))}
          <p>You can still make the version, but 'Download for MLS' will refuse to export it.</p>
        </div>
      ) : null}

      {problem ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
          {problem}
        </p>
      ) : null}

      <div className="flex flex-col gap-3 border-t border-stone-200 pt-3 sm:flex-row sm:items-center sm:justify-between">
        <p id={`${id}-cost`} aria-live="polite" className="text-sm text-stone-700">
          {imageCostText(1, variations)} A version that fails uses nothing.
        </p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button variant="secondary" size="sm" onClick={onCancel} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" size="sm" aria-describedby={`${id}-cost`} disabled={create.isPending}>
            {create.isPending ? (
              <LoaderCircle aria-hidden className="size-4 animate-spin" />
            ) : (
              <RefreshCw aria-hidden className="size-4" />
            )}
            {variations > 1 ? `Generate ${variations} versions` : 'Generate'}
          </Button>
        </div>
      </div>
    </form>
  );
}

function TemplateField({
  id,
  templates,
  value,
  allowNone,
  onChange,
  disabled,
}: {
  id: string;
  templates: readonly Template[];
  value: string | null;
  allowNone: boolean;
  onChange: (templateId: string | null) => void;
  disabled: boolean;
}) {
  const available = templates.filter((t) => t.available);
  const staging = available.filter((t) => t.category === 'staging');
  const enhancement = available.filter((t) => t.category !== 'staging');
  const option = (t: Template) => (
    <option key={t.id} value={t.id}>
      {t.name}
    </option>
  );
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>Template</Label>
      <select
        id={id}
        value={value ?? ''}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value || null)}
        className={cn(inputClasses, 'pr-8')}
      >
        {allowNone || value === null ? (
          <option value="">{allowNone ? 'None: custom instructions only' : 'Choose a template'}</option>
        ) : null}
        {staging.length ? <optgroup label="Staging">{staging.map(option)}</optgroup> : null}
        {enhancement.length ? <optgroup label="Enhancement">{enhancement.map(option)}</optgroup> : null}
      </select>
    </div>
  );
}
