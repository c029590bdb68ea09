import { useState } from 'react';
import { CompareSlider } from '../../../components/ui/compare-slider';

interface PhotoCompareProps {
  beforeSrc: string;
  afterSrc: string;
  beforeAlt: string;
  afterAlt: string;
  /** Accessible name of the divider, e.g. 'Before and after: kitchen.jpg'. */
  label: string;
  /** Width over height, used until the images tell their own. */
  aspectRatio?: number;
}

const photoClass = 'absolute inset-0 size-full object-contain';

/**
 * A photo of a project before and after, in the shared slider: the whole photo is shown (never cropped), at its
 * own shape, and never taller than about half the screen so the dialog's buttons stay in view.
 */
export function PhotoCompare({
  beforeSrc,
  afterSrc,
  beforeAlt,
  afterAlt,
  label,
  aspectRatio = 4 / 3,
}: PhotoCompareProps) {
  const [ratio, setRatio] = useState(aspectRatio);
  return (
    <CompareSlider
      label={label}
      className="mx-auto w-full"
      style={{ aspectRatio: ratio, maxWidth: `calc(55dvh * ${ratio})` }}
      after={
        <img
          src={afterSrc}
          alt={afterAlt}
          draggable={false}
          onLoad={(event) => {
            const { naturalWidth, naturalHeight } = event.currentTarget;
            if (naturalWidth && naturalHeight) setRatio(naturalWidth / naturalHeight);
          }}
          className={photoClass}
        />
      }
      before={<img src={beforeSrc} alt={beforeAlt} draggable={false} className={photoClass} />}
    />
  );
}
