import { toast } from 'sonner';

export const TOAST_DURATION_MS = 5000;

interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  duration?: number;
  /** Toasts with the same id replace each other instead of stacking. */
  id?: string;
}

/** One way to raise a toast, so every screen uses the same two variants (SPEC §9: at most one visible). */
export function showToast({ title, description, variant = 'default', duration, id }: ToastInput) {
  const options = { description, duration: duration ?? TOAST_DURATION_MS, ...(id ? { id } : {}) };
  return variant === 'destructive' ? toast.error(title, options) : toast.success(title, options);
}
