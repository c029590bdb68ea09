import { Toaster as Sonner } from 'sonner';
import { TOAST_DURATION_MS } from '../../lib/toast';

/** SPEC §9: at most one toast at a time, shown for 5000 ms unless a screen says otherwise. */
export function Toaster() {
  return (
    <Sonner
      visibleToasts={1}
      duration={TOAST_DURATION_MS}
      position="top-center"
      richColors
      closeButton
      toastOptions={{
        classNames: {
          toast: 'font-sans !items-start !gap-2.5',
          icon: '!mt-0.5',
          title: '!text-sm !font-semibold',
          description: '!text-sm !leading-snug',
        },
      }}
    />
  );
}
