const twoDigits = (n: number) => String(n).padStart(2, '0');

/**
 * SPEC §7: the debug screen names its projects 'Debug Test' plus the time, e.g. 'Debug Test 14:05:09',
 * in the user's local time, so a run is easy to find again on the dashboard.
 */
export function debugProjectName(date: Date): string {
  return `Debug Test ${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}:${twoDigits(date.getSeconds())}`;
}
