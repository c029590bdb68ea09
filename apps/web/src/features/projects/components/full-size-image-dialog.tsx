import { useState } from 'react';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { cn } from '../../../lib/class-names';

type Side = 'after' | 'before';

/** A photo, or one version of it: `enhancedUrl` is the result shown as 'After'. */
export interface FullSizeImage {
  /** Changes with the picture, so the view starts over on 'After'. */
  key: string;
  fileName: string;
  originalUrl: string;
  enhancedUrl: string | null;
}

/** SPEC §2 full-size image dialog: the photo as large as the screen allows, enhanced or original. */
export function FullSizeImageDialog({
  photo,
  onOpenChange,
}: {
  photo: FullSizeImage | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={photo !== null} onOpenChange={onOpenChange}>
      {photo ? (
        <DialogContent
          title={photo.fileName}
          className="max-sm:inset-0 max-sm:h-dvh max-sm:max-h-none max-sm:w-screen max-sm:max-w-none max-sm:translate-none max-sm:rounded-none sm:max-w-[min(96vw,1600px)]"
        >
          <FullSizeBody key={photo.key} photo={photo} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function FullSizeBody({ photo }: { photo: FullSizeImage }) {
  const [side, setSide] = useState<Side>(photo.enhancedUrl ? 'after' : 'before');
  const src = side === 'after' && photo.enhancedUrl ? photo.enhancedUrl : photo.originalUrl;
  return (
    <div className="space-y-3">
      {photo.enhancedUrl ? (
        <div role="group" aria-label="Version shown" className="inline-flex rounded-lg bg-stone-100 p-1">
          {(['before', 'after'] as const).map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={side === value}
              onClick={() => setSide(value)}
              className={cn(
                'rounded-md px-3 py-1.5 text-sm font-semibold',
                side === value ? 'bg-white text-stone-900 shadow-sm' : 'text-stone-600 hover:text-stone-900',
              )}
            >
              {value === 'before' ? 'Before' : 'After'}
            </button>
          ))}
        </div>
      ) : null}
      <div className="overflow-auto rounded-lg bg-stone-900">
        <img
          src={src}
          alt={`${photo.fileName}, ${side === 'after' ? 'enhanced' : 'original'}`}
          className="mx-auto max-h-[78dvh] w-auto max-w-full object-contain"
        />
      </div>
    </div>
  );
}
