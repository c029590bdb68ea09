/** 'November 22, 2026' — SPEC shows dates in en-US. */
export function formatLongDate(iso: string) {
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

/** 'Nov 22, 2026, 3:04 PM' */
export function formatDateTime(iso: string) {
  return new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}
