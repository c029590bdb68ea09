import type { Photo, PhotoVersion } from '@hearth/contracts';
import { CircleCheck, ImageOff, LoaderCircle, TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { cn } from '../../../lib/class-names';
import { isPendingVersion, versionAccessibleName, versionSettings, versionStatusText } from '../versions';

interface VersionStripProps {
  photo: Photo;
  versions: readonly PhotoVersion[];
  selectedId: string | null;
  onSelect: (versionId: string) => void;
}

/**
 * Every result made from the photo under review, in order (issue 12): its picture, number, state, what it was
 * made with, a mark on the chosen one and 'Needs review' when the structure check flagged it. Choosing one
 * shows it on the slider above.
 */
export function VersionStrip({ photo, versions, selectedId, onSelect }: VersionStripProps) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-2">
      <h3 id={`${id}-title`} className="text-sm font-semibold text-stone-900">
        Versions <span className="font-normal text-stone-500">({versions.length})</span>
      </h3>
      <ul aria-label={`Versions of ${photo.fileName}`} className="-mx-1 flex gap-2 overflow-x-auto p-1">
        {versions.map((version) => (
          <li key={version.id} className="w-32 shrink-0 sm:w-40">
            <VersionTile version={version} selected={version.id === selectedId} onSelect={() => onSelect(version.id)} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function VersionTile({
  version,
  selected,
  onSelect,
}: {
  version: PhotoVersion;
  selected: boolean;
  onSelect: () => void;
}) {
  const pending = isPendingVersion(version);
  const failed = version.status === 'failed';
  // Only a finished version has a picture of its own; the others show their state on a plain tile.
  const picture = version.status === 'completed' ? version.thumbnailUrl : null;
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-pressed={selected}
      aria-label={versionAccessibleName(version)}
      className={cn(
        'block w-full rounded-lg p-1 text-left ring-2 transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
        selected ? 'bg-brand-50 ring-brand-600' : 'ring-transparent hover:bg-stone-50 hover:ring-stone-300',
      )}
    >
      <span className="relative block aspect-[4/3] overflow-hidden rounded-md bg-stone-200">
        {picture ? <img src={picture} alt="" loading="lazy" className="size-full object-cover" /> : null}
        {pending ? (
          <span className="absolute inset-0 flex items-center justify-center bg-stone-100 text-stone-500">
            <LoaderCircle aria-hidden className="size-6 animate-spin" />
          </span>
        ) : null}
        {failed ? (
          <span className="absolute inset-0 flex items-center justify-center bg-red-50 text-red-700">
            <ImageOff aria-hidden className="size-6" />
          </span>
        ) : null}
        {version.chosen ? (
          <span className="absolute top-1 right-1 flex items-center gap-0.5 rounded-full bg-emerald-700 py-0.5 pr-1.5 pl-1 text-[10px] font-semibold text-white shadow">
            <CircleCheck aria-hidden className="size-3" />
            Chosen
          </span>
        ) : null}
      </span>
      <span className="mt-1.5 flex items-baseline justify-between gap-1 px-0.5">
        <span className="text-xs font-semibold text-stone-900">Version {version.number}</span>
        <span
          className={cn(
            'text-[11px] font-medium',
            failed ? 'text-red-700' : pending ? 'text-sky-800' : 'text-emerald-700',
          )}
        >
          {versionStatusText(version)}
        </span>
      </span>
      <span className="block truncate px-0.5 text-[11px] text-stone-600" title={versionSettings(version)}>
        {versionSettings(version)}
      </span>
      {version.needsReview ? (
        <span className="mt-0.5 flex items-center gap-1 px-0.5 text-[11px] font-medium text-orange-800">
          <TriangleAlert aria-hidden className="size-3" />
          Needs review
        </span>
      ) : null}
    </button>
  );
}
