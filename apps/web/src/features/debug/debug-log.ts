export type LogLevel = 'info' | 'success' | 'error';

export interface LogEntry {
  id: number;
  at: Date;
  level: LogLevel;
  message: string;
}

/** Enough for several full test runs; older lines go first so a long session cannot grow without bound. */
export const MAX_LOG_ENTRIES = 500;

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** 'HH:MM:SS.mmm' in local time: polls are 2 s apart, so seconds alone would blur request and answer. */
export function formatLogTime(date: Date): string {
  const ms = String(date.getMilliseconds()).padStart(3, '0');
  return `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}:${twoDigits(date.getSeconds())}.${ms}`;
}

/** The log with one more entry, the oldest dropped past MAX_LOG_ENTRIES. */
export function appendLogEntry(entries: readonly LogEntry[], entry: LogEntry, max = MAX_LOG_ENTRIES): LogEntry[] {
  const next = [...entries, entry];
  return next.length > max ? next.slice(next.length - max) : next;
}

/** '1 character', '1,234 characters' (en-US grouping, SPEC §9). */
export function characterCountLabel(text: string): string {
  const count = [...text].length;
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'character' : 'characters'}`;
}

/** '820 KB', '3.4 MB': file sizes in the log. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
