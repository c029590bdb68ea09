import { REJECTED_FILES_MESSAGE, STAGING_STYLES, type StagingStyle } from '@hearth/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { StyleSelect } from '../../components/staging/style-select';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { uploadTestPhoto } from '../../features/debug/api/upload-test-photo';
import { DebugLogCard } from '../../features/debug/components/debug-log-card';
import { FinalPromptCard } from '../../features/debug/components/final-prompt-card';
import { HowToCard } from '../../features/debug/components/how-to-card';
import { ResultImagesCard } from '../../features/debug/components/result-images-card';
import { TemplateSelect } from '../../features/debug/components/template-select';
import { TestInputCard } from '../../features/debug/components/test-input-card';
import { fullTestBlocker, IMAGE_AND_PROMPT_REQUIRED_MESSAGE } from '../../features/debug/debug-validation';
import { templateForPrompt } from '../../features/debug/prompt-template';
import { useDebugLog } from '../../features/debug/use-debug-log';
import { useEnhancementTest, type EnhancementTestCalls } from '../../features/debug/use-enhancement-test';
import { usePromptPreview } from '../../features/debug/use-prompt-preview';
import { createProject } from '../../features/projects/api/create-project';
import { deleteProject } from '../../features/projects/api/delete-project';
import { getProjectPhotos } from '../../features/projects/api/get-project-photos';
import { projectsQueryKeys } from '../../features/projects/api/get-projects';
import { useTemplates } from '../../features/templates/api/get-templates';
import { groupTemplates } from '../../features/templates/template-groups';
import { FILE_INPUT_ACCEPT, isAcceptableFile } from '../../features/upload/file-selection';
import { usageStatsQueryKey } from '../../features/usage/api/get-usage-stats';
import { isStagingTemplate, styleFor } from '../../lib/staging-options';
import { showToast } from '../../lib/toast';

/** The project and upload calls of the full test, which belong to the projects feature. */
const TEST_CALLS: EnhancementTestCalls = {
  createProject: (name) => createProject({ name }),
  uploadPhoto: uploadTestPhoto,
  fetchPhotos: getProjectPhotos,
  deleteProject,
};

/**
 * SPEC §2 /debug: preview the final prompt and run one image through the whole pipeline (project,
 * upload, queue, engine), watching each step in the log. The template picker fills the prompt with a
 * template's prompt, so the local templates can be tested end to end on a server without an AI provider.
 */
export default function DebugPage() {
  const queryClient = useQueryClient();
  const templates = useTemplates();
  const { entries, log, clear } = useDebugLog();
  const [file, setFile] = useState<File | null>(null);
  const [originalSrc, setOriginalSrc] = useState<string | null>(null);
  const [prompt, setPrompt] = useState('');
  const [pickedTemplateId, setPickedTemplateId] = useState<string | null>(null);
  const [style, setStyle] = useState<StagingStyle | null>(null);
  const [autoPreview, setAutoPreview] = useState(false);
  const preview = usePromptPreview({ prompt, style, autoPreview, log });
  const test = useEnhancementTest(TEST_CALLS, log);
  const running = test.state.kind === 'running';
  const template = templateForPrompt(templates.data, pickedTemplateId, prompt);
  const stagingTemplate = templates.data?.find((t) => t.id === template?.id && isStagingTemplate(t)) ?? null;

  // The object URL is made when a file is chosen and released when it is replaced or the page is left.
  useEffect(() => {
    if (!originalSrc) return;
    return () => URL.revokeObjectURL(originalSrc);
  }, [originalSrc]);

  const chooseFile = (chosen: File) => {
    if (!isAcceptableFile(chosen)) {
      log('error', `Refused ${chosen.name}: ${REJECTED_FILES_MESSAGE}`);
      showToast({ variant: 'destructive', title: REJECTED_FILES_MESSAGE });
      return false;
    }
    test.reset();
    setFile(chosen);
    setOriginalSrc(URL.createObjectURL(chosen));
    log('info', `Image selected: ${chosen.name}`);
    return true;
  };

  const pickTemplate = (id: string | null) => {
    setPickedTemplateId(id);
    const picked = templates.data?.find((t) => t.id === id);
    if (!picked) return;
    setPrompt(picked.prompt);
    // A staging template starts from its default style, as the upload card's 'Style' does.
    const pickedStyle = styleFor(picked, null);
    if (pickedStyle) setStyle(pickedStyle);
    log('info', `Template selected: ${picked.name}${pickedStyle ? ` (${pickedStyle})` : ''}`);
  };

  const refreshOtherScreens = useCallback(() => {
    // The test made a project and used an image: the dashboard's list and usage must not show stale data.
    void queryClient.invalidateQueries({ queryKey: projectsQueryKeys.all });
    void queryClient.invalidateQueries({ queryKey: usageStatsQueryKey });
  }, [queryClient]);

  const runTest = async () => {
    const blocker = fullTestBlocker({ hasImage: file !== null, prompt });
    if (blocker || !file) {
      const message = blocker ?? IMAGE_AND_PROMPT_REQUIRED_MESSAGE;
      log('error', message);
      showToast({ variant: 'destructive', title: message });
      return;
    }
    // The server takes a style with a staging template only.
    await test.run({ file, prompt, templateId: template?.id ?? null, style: stagingTemplate ? style : null });
    refreshOtherScreens();
  };

  return (
    <div className="space-y-6">
      <title>Debug · Hearth</title>
      <div>
        <h1 className="font-display text-3xl font-bold text-stone-900 sm:text-4xl">Debug</h1>
        <p className="mt-2 text-stone-600">Test prompts and enhancements on a single photo.</p>
      </div>

      <div className="grid items-start gap-6 lg:grid-cols-2">
        <div className="min-w-0 space-y-6">
          <TestInputCard
            file={file}
            accept={FILE_INPUT_ACCEPT}
            onFileChange={chooseFile}
            templatePicker={
              templates.data ? (
                <div className="space-y-4">
                  <TemplateSelect
                    {...groupTemplates(templates.data)}
                    value={template?.id ?? null}
                    onChange={pickTemplate}
                    disabled={running}
                  />
                  <StyleSelect
                    styles={stagingTemplate?.styles?.length ? stagingTemplate.styles : STAGING_STYLES}
                    value={style}
                    onChange={(next) => {
                      setStyle(next);
                      log('info', next ? `Style selected: ${next}` : 'Style cleared');
                    }}
                    noneLabel="None"
                    hint="Carried in the final prompt; the full test sends it with a staging template only."
                    disabled={running}
                  />
                </div>
              ) : templates.error ? (
                <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-800">
                  Templates could not be loaded.
                  <Button variant="secondary" size="sm" onClick={() => void templates.refetch()}>
                    Try again
                  </Button>
                </div>
              ) : (
                <Spinner className="py-8" label="Loading templates" />
              )
            }
            prompt={prompt}
            onPromptChange={setPrompt}
            autoPreview={autoPreview}
            onAutoPreviewChange={(on) => {
              setAutoPreview(on);
              log('info', `Auto-preview ${on ? 'on' : 'off'}`);
            }}
            onPreview={preview.previewNow}
            previewing={preview.isPending}
            onRunTest={() => void runTest()}
            running={running}
          />
          <FinalPromptCard preview={preview.preview} currentPrompt={prompt} currentStyle={style} />
        </div>
        <div className="min-w-0 space-y-6">
          <ResultImagesCard originalSrc={originalSrc} state={test.state} />
          <DebugLogCard entries={entries} onClear={clear} />
          <HowToCard />
        </div>
      </div>
    </div>
  );
}
