import { cn } from '../../lib/class-names';

interface AvatarProps {
  initials: string;
  imageUrl?: string | null;
  size?: 'sm' | 'lg';
  className?: string;
}

/** Initials on the brand colour, or the profile image when there is one. Decorative: the name is shown nearby. */
export function Avatar({ initials, imageUrl, size = 'sm', className }: AvatarProps) {
  const dims = size === 'lg' ? 'size-20 text-2xl' : 'size-9 text-sm';
  if (imageUrl) {
    return <img src={imageUrl} alt="" className={cn('rounded-full object-cover', dims, className)} />;
  }
  return (
    <span
      aria-hidden
      className={cn(
        'inline-flex items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800 ring-1 ring-brand-200',
        dims,
        className,
      )}
    >
      {initials}
    </span>
  );
}
