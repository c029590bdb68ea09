import type { StagingStyle } from '@hearth/contracts';
import { useId } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { characterCountLabel } from '../debug-log';
import type { PromptPreview } from '../use-prompt-preview';

/** The final prompt exactly as a provider would receive it, with its length. */
export function FinalPromptCard({
  preview,
  currentPrompt,
  currentStyle,
}: {
  preview: PromptPreview | null;
  currentPrompt: string;
  currentStyle: StagingStyle | null;
}) {
  const id = useId();
  const outdated =
    preview === null
      ? null
      : preview.prompt !== currentPrompt
        ? 'The prompt has changed since this preview.'
        : preview.style !== currentStyle
          ? 'The style has changed since this preview.'
          : null;
  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader>
        <div className="flex items-center justify-between gap-3">
          <CardTitle id={`${id}-title`}>Final prompt</CardTitle>
          {preview ? <Badge tone="brand">{characterCountLabel(preview.finalPrompt)}</Badge> : null}
        </div>
        <CardDescription>The fixed rules plus your prompt, as an AI provider receives them.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {preview ? (
          <>
            {outdated ? <p className="text-xs text-orange-800">{outdated}</p> : null}
            {preview.style ? (
              <p className="text-xs text-stone-600">
                Style: <span className="font-semibold text-stone-800">{preview.style}</span>
              </p>
            ) : null}
            <pre
              aria-label="Final prompt text"
              tabIndex={0}
              className="max-h-96 overflow-auto rounded-lg border border-stone-200 bg-stone-50 p-3 font-mono text-xs leading-relaxed break-words whitespace-pre-wrap text-stone-800 focus-visible:outline-2 focus-visible:outline-brand-700"
            >
              {preview.finalPrompt}
            </pre>
          </>
        ) : (
          <p className="text-sm text-stone-600">Preview the final prompt to see it here.</p>
        )}
      </CardContent>
    </Card>
  );
}
