import type { Photo } from '@hearth/contracts';
import { Download, ImageOff, LoaderCircle } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { buttonClasses } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { MAX_POLL_ATTEMPTS } from '../enhancement-poll';
import { testPhoto, type EnhancementTestState } from '../use-enhancement-test';

interface ResultImagesCardProps {
  /** A local preview of the chosen file (an object URL), or null before one is chosen. */
  originalSrc: string | null;
  state: EnhancementTestState;
}

const STATUS: Record<EnhancementTestState['kind'], { label: string; tone: BadgeTone }> = {
  idle: { label: 'Not started', tone: 'neutral' },
  running: { label: 'Running', tone: 'info' },
  completed: { label: 'Completed', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
  timeout: { label: 'Timed out', tone: 'warning' },
  error: { label: 'Error', tone: 'danger' },
};

function runningText(state: Extract<EnhancementTestState, { kind: 'running' }>): string {
  const { phase } = state;
  if (phase.step === 'creating-project') return 'Creating project...';
  if (phase.step === 'uploading') return 'Uploading...';
  return phase.attempt === 0
    ? 'Waiting for the enhancement...'
    : `Enhancing... check ${phase.attempt} of ${MAX_POLL_ATTEMPTS} (${phase.photo.status})`;
}

/** Original and enhanced side by side, the test's status, and the download of the result. */
export function ResultImagesCard({ originalSrc, state }: ResultImagesCardProps) {
  const id = useId();
  const photo = testPhoto(state);
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  // HEIC, TIFF and some BMPs do not display in every browser: the server's JPEG thumbnail stands in once there is one.
  const originalShown = originalSrc && brokenSrc === originalSrc ? (photo?.thumbnailUrl ?? null) : originalSrc;
  const status = STATUS[state.kind];
  const done = state.kind === 'completed' ? state.photo : null;

  let enhanced: ReactNode;
  if (done?.enhancedUrl) {
    enhanced = <img src={done.enhancedUrl} alt="Enhanced test image" className="size-full object-contain" />;
  } else if (state.kind === 'running') {
    enhanced = (
      <Placeholder>
        <LoaderCircle aria-hidden className="size-6 animate-spin text-brand-700" />
        {runningText(state)}
      </Placeholder>
    );
  } else if (state.kind === 'failed') {
    enhanced = <Placeholder tone="error">{state.photo.error ?? 'The image enhancement process failed'}</Placeholder>;
  } else if (state.kind === 'timeout') {
    enhanced = (
      <Placeholder tone="error">Enhancement took too long. The project may still finish on the dashboard.</Placeholder>
    );
  } else if (state.kind === 'error') {
    enhanced = <Placeholder tone="error">{state.detail ?? 'The test did not run. See the debug log.'}</Placeholder>;
  } else {
    enhanced = <Placeholder>The enhanced image appears here after a full test.</Placeholder>;
  }

  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader>
        <div className="flex items-center justify-between gap-3">
          <CardTitle id={`${id}-title`}>Original and enhanced</CardTitle>
          <Badge tone={status.tone} role="status">
            {status.label}
          </Badge>
        </div>
        <CardDescription>The chosen image and the pipeline&rsquo;s result.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Figure caption="Original">
            {originalShown ? (
              <img
                src={originalShown}
                alt="Original test image"
                className="size-full object-contain"
                onError={() => setBrokenSrc(originalSrc)}
              />
            ) : originalSrc ? (
              <Placeholder>
                <ImageOff aria-hidden className="size-6" />
                This browser cannot show this file type. The server's copy appears after the upload.
              </Placeholder>
            ) : (
              <Placeholder>Choose an image to see it here.</Placeholder>
            )}
          </Figure>
          <Figure caption="Enhanced">{enhanced}</Figure>
        </div>

        {done ? (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-stone-600">
              {resultFacts(done).map((fact, index) => (
                <span key={fact.text}>
                  {index ? ' · ' : null}
                  <span className={fact.keepTogether ? 'whitespace-nowrap' : 'break-words'}>{fact.text}</span>
                </span>
              ))}
            </p>
            {done.downloadUrl ? (
              <a href={done.downloadUrl} download className={buttonClasses({ variant: 'primary' })}>
                <Download aria-hidden className="size-4" />
                Download Enhanced Image
              </a>
            ) : null}
          </div>
        ) : null}
        {done?.notes.length ? (
          <ul className="list-disc space-y-1 pl-5 text-sm text-stone-600">
            {done.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** Engine, operations and size of the result; the short ones never break inside. */
function resultFacts(photo: Photo): Array<{ text: string; keepTogether: boolean }> {
  const facts: Array<{ text: string; keepTogether: boolean }> = [];
  if (photo.engine) facts.push({ text: `Engine: ${photo.engine}`, keepTogether: true });
  if (photo.operations.length) facts.push({ text: photo.operations.join(', '), keepTogether: false });
  if (photo.width && photo.height) facts.push({ text: `${photo.width} × ${photo.height}`, keepTogether: true });
  return facts;
}

function Figure({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <figure className="min-w-0 space-y-2">
      <div className="flex aspect-[4/3] items-center justify-center overflow-hidden rounded-xl border border-stone-200 bg-stone-100">
        {children}
      </div>
      <figcaption className="text-sm font-medium text-stone-700">{caption}</figcaption>
    </figure>
  );
}

function Placeholder({ children, tone = 'neutral' }: { children: ReactNode; tone?: 'neutral' | 'error' }) {
  return (
    <div
      className={
        tone === 'error'
          ? 'flex flex-col items-center gap-2 p-4 text-center text-sm text-red-800'
          : 'flex flex-col items-center gap-2 p-4 text-center text-sm text-stone-600'
      }
    >
      {children}
    </div>
  );
}
