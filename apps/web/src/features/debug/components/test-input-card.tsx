import { Eye, FlaskConical } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';
import { cn } from '../../../lib/class-names';
import { formatFileSize } from '../debug-log';
import { AutoPreviewSwitch } from './auto-preview-switch';

interface TestInputCardProps {
  file: File | null;
  /** The `accept` attribute of the file input. */
  accept: string;
  /** Returns false when the file is refused, so the input lets go of it. */
  onFileChange: (file: File) => boolean;
  /** The template picker, which belongs to the templates feature. */
  templatePicker: ReactNode;
  prompt: string;
  onPromptChange: (prompt: string) => void;
  autoPreview: boolean;
  onAutoPreviewChange: (on: boolean) => void;
  onPreview: () => void;
  previewing: boolean;
  onRunTest: () => void;
  running: boolean;
}

/** The image, the template and prompt, and the two actions of the debug screen. */
export function TestInputCard(props: TestInputCardProps) {
  const id = useId();
  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>Test input</CardTitle>
        <CardDescription>One image and the prompt it should be enhanced with.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <div className="space-y-2">
          <Label htmlFor={`${id}-file`}>Test image</Label>
          <input
            id={`${id}-file`}
            type="file"
            accept={props.accept}
            disabled={props.running}
            aria-describedby={`${id}-file-hint`}
            onChange={(event) => {
              const chosen = event.target.files?.[0];
              // A refused file is let go of, so the input does not name it and choosing it again fires a change.
              if (chosen && !props.onFileChange(chosen)) event.target.value = '';
            }}
            className={cn(
              'block w-full text-sm text-stone-700',
              'file:mr-3 file:h-10 file:cursor-pointer file:rounded-lg file:border file:border-stone-300 file:bg-white file:px-4 file:text-sm file:font-semibold file:text-stone-800 file:shadow-sm hover:file:bg-stone-50',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-55',
            )}
          />
          <p id={`${id}-file-hint`} className="text-xs break-words text-stone-600">
            {props.file
              ? `Selected: ${props.file.name} (${formatFileSize(props.file.size)})`
              : 'JPG, PNG, HEIC, WEBP, GIF, BMP or TIFF, up to 25 MB.'}
          </p>
        </div>

        {props.templatePicker}

        <div className="space-y-2">
          <Label htmlFor={`${id}-prompt`}>Prompt</Label>
          <Textarea
            id={`${id}-prompt`}
            rows={6}
            value={props.prompt}
            onChange={(event) => props.onPromptChange(event.target.value)}
            placeholder="Pick a template above, or describe the edit in your own words"
          />
        </div>

        <AutoPreviewSwitch checked={props.autoPreview} onChange={props.onAutoPreviewChange} />

        <div className="flex flex-col gap-3 sm:flex-row">
          <Button variant="secondary" onClick={props.onPreview} disabled={props.previewing}>
            <Eye aria-hidden className="size-4" />
            {props.previewing ? 'Generating...' : 'Preview Final Prompt'}
          </Button>
          <Button onClick={props.onRunTest} disabled={props.running}>
            <FlaskConical aria-hidden className="size-4" />
            {props.running ? 'Testing...' : 'Test Full Enhancement'}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
