import {
  uploadRefusalSchema,
  type Project,
  type RefusedFile,
  type StagingStyle,
  type Template,
  type UsageStats,
} from '@hearth/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCreateProject } from '../../features/projects/api/create-project';
import { deleteProject } from '../../features/projects/api/delete-project';
import { projectsQueryKeys } from '../../features/projects/api/get-projects';
import { customInstructionsAvailable } from '../../features/templates/template-groups';
import {
  chosenTemplates,
  NO_TEMPLATE,
  offersRemoveFurnitureFirst,
  removesFurnitureFirst,
  stagingTemplateOf,
  type TemplateChoice,
} from '../../features/templates/template-choice';
import { useUploadPhotos } from '../../features/upload/api/upload-photos';
import { UploadCard } from '../../features/upload/components/upload-card';
import { processBlocker } from '../../features/upload/process-readiness';
import { checkQuota, quotaTitleForCode } from '../../lib/quota';
import { rejectedDescription, rejectedTitle, usePhotoSelection } from '../../features/upload/use-photo-selection';
import { usageStatsQueryKey } from '../../features/usage/api/get-usage-stats';
import { restrictionOverlayText } from '../../features/usage/subscription-state';
import { errorBodyAs, errorCode, errorMessage, isUnauthorizedError } from '../../lib/api-client';
import { imageCostText, imagesToUse } from '../../lib/image-cost';
import { redirectToLogin } from '../../lib/login-redirect';
import { isStagingTemplate, styleFor, stylesOf, variationsFor } from '../../lib/staging-options';
import { showToast } from '../../lib/toast';
import { EnhancementOptions } from './enhancement-options';

interface UploadSectionProps {
  stats: UsageStats;
  templates: readonly Template[] | undefined;
  templatesError: boolean;
  onRetryTemplates: () => void;
  onStartTrial: () => void;
  startingTrial: boolean;
}

const CUSTOM_TEXT_UNAVAILABLE =
  'Custom instructions can be used once virtual staging is turned on (see the note above). Choose an enhancement template for now.';

/**
 * Upload card plus the custom-instructions card, and the Process Photos flow: create the project
 * (named in the user's time zone), upload the batch with the joined prompt, then show the new project.
 */
export function UploadSection({
  stats,
  templates,
  templatesError,
  onRetryTemplates,
  onStartTrial,
  startingTrial,
}: UploadSectionProps) {
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<TemplateChoice>(NO_TEMPLATE);
  const [chosenStyle, setChosenStyle] = useState<StagingStyle | null>(null);
  const [chosenVariations, setChosenVariations] = useState(1);
  const chosen = chosenTemplates(templates, choice);
  // Styles and variations belong to one staging template; several enhancements make one image.
  const template = stagingTemplateOf(templates, choice);
  const style = styleFor(template, chosenStyle);
  const variations = variationsFor(template, chosenVariations);
  // Adding photos checks the images they will use with the variations chosen at that moment.
  const quotaFor = (count: number) => checkQuota(stats, count, variations);
  const selection = usePhotoSelection(quotaFor);
  const [customText, setCustomText] = useState('');
  const [processing, setProcessing] = useState(false);
  const createProject = useCreateProject();
  const uploadPhotos = useUploadPhotos();

  const customUnavailable = templates !== undefined && !customInstructionsAvailable(templates);
  const effectiveCustomText = customUnavailable ? '' : customText;
  const blocker = processBlocker({
    photoCount: selection.photos.length,
    hasTemplate: chosen.length > 0,
    customText: effectiveCustomText,
    canUpload: stats.canUpload,
    restriction: stats.restriction,
  });

  const cost = imageCost(selection.photos.length, variations, stats.imagesRemaining);

  const refreshUsage = () => queryClient.invalidateQueries({ queryKey: usageStatsQueryKey });

  const failed = (error: unknown) => {
    if (isUnauthorizedError(error)) return redirectToLogin();
    const refused = errorBodyAs(error, uploadRefusalSchema)?.refused;
    if (refused?.length) return showToast({ variant: 'destructive', ...refusedToast(refused) });
    showToast({ variant: 'destructive', ...uploadErrorToast(error, stats) });
  };

  const process = async () => {
    if (blocker || processing) return;
    const files = selection.photos.map((p) => p.file);
    const quota = checkQuota(stats, files.length, variations);
    if (quota) {
      showToast({ variant: 'destructive', title: quota.title, description: quota.description });
      return;
    }
    setProcessing(true);
    let project: Project | undefined;
    try {
      project = await createProject.mutateAsync({});
      const result = await uploadPhotos.mutateAsync({
        projectId: project.id,
        files,
        templates: chosen,
        customText: effectiveCustomText,
        staging: isStagingTemplate(template)
          ? { style, variations, removeFurnitureFirst: removesFurnitureFirst(templates, choice) }
          : null,
      });
      queryClient.setQueryData<Project[]>(projectsQueryKeys.list(), (list) => [
        result.project,
        ...(list ?? []).filter((p) => p.id !== result.project.id),
      ]);
      void queryClient.invalidateQueries({ queryKey: projectsQueryKeys.list() });
      selection.clear();
      const taken = result.photos.length;
      const versions = variations > 1 ? `, ${variations} variations each,` : '';
      const enhancing = `Enhancing ${taken} ${taken === 1 ? 'photo' : 'photos'}${versions} in "${result.project.name}".`;
      // One toast at a time (SPEC §9): the refused files are named in it, with what did go through.
      if (result.refused.length > 0) {
        const { title, description } = refusedToast(result.refused);
        showToast({ variant: 'destructive', title, description: `${description} ${enhancing}` });
      } else {
        showToast({ title: 'Photos uploaded', description: enhancing });
      }
    } catch (error) {
      // A project whose upload was refused would sit empty in the list: remove it again.
      if (project) await deleteProject(project.id).catch(() => undefined);
      failed(error);
    } finally {
      setProcessing(false);
      void refreshUsage();
    }
  };

  return (
    <UploadCard
      photos={selection.photos}
      onAdd={(chosen) => void selection.add(chosen)}
      onRemove={selection.remove}
      onClear={selection.clear}
      locked={!stats.canUpload}
      onProcess={() => void process()}
      processing={processing}
      blocker={blocker}
      cost={cost}
      options={
        <EnhancementOptions
          templates={templates}
          templatesError={templatesError}
          onRetryTemplates={onRetryTemplates}
          choice={choice}
          onChoiceChange={setChoice}
          offersRemoveFurnitureFirst={offersRemoveFurnitureFirst(templates, choice)}
          styles={template && isStagingTemplate(template) ? stylesOf(template) : null}
          style={style}
          onStyleChange={setChosenStyle}
          variations={variations}
          onVariationsChange={setChosenVariations}
          customText={effectiveCustomText}
          onCustomTextChange={setCustomText}
          customTextUnavailableReason={customUnavailable ? CUSTOM_TEXT_UNAVAILABLE : undefined}
          restrictedText={restrictionOverlayText(stats)}
          onStartTrial={onStartTrial}
          startingTrial={startingTrial}
          busy={processing}
        />
      }
    />
  );
}

/** What the selection will use, and a warning when that is more than is left (-1: unlimited). */
function imageCost(photos: number, variations: number, imagesRemaining: number) {
  if (photos === 0) return null;
  const text = imageCostText(photos, variations);
  const over = imagesRemaining >= 0 && imagesToUse(photos, variations) > imagesRemaining;
  return {
    text: over ? `${text} You have ${imagesRemaining} image(s) left.` : text,
    warning: over,
  };
}

/** SPEC §5's rejection toast naming each refused file with the server's reason. */
function refusedToast(refused: readonly RefusedFile[]) {
  return { title: rejectedTitle, description: `${rejectedDescription} ${refused.map((r) => r.message).join(' ')}` };
}

/** SPEC §8 wording for a refused upload; the server's message carries the details. */
function uploadErrorToast(error: unknown, stats: UsageStats): { title: string; description: string } {
  const code = errorCode(error);
  const message = errorMessage(error);
  const quotaTitle = quotaTitleForCode(code);
  if (quotaTitle && message) return { title: quotaTitle, description: message };
  if (code === 'ACCESS_RESTRICTED') {
    if (stats.subscriptionType === 'past_due') {
      return {
        title: 'Payment Overdue',
        description: 'Your payment is past due and the grace period has expired. Complete payment to restore access.',
      };
    }
    if (stats.subscriptionType === 'canceled') {
      return {
        title: 'Subscription Required',
        description: 'Your subscription was canceled. Please resubscribe to upload and enhance photos.',
      };
    }
    return {
      title: 'Access Restricted',
      description: message ?? 'Please update your subscription to continue using the platform.',
    };
  }
  return { title: 'Failed to upload photos', description: message ?? 'Please check your connection and try again.' };
}
