import { useCallback, useRef, useState } from 'react';
import { appendLogEntry, type LogEntry, type LogLevel } from './debug-log';

/** The debug log: timestamped lines in the order things happened, cleared on demand. */
export function useDebugLog() {
  const [entries, setEntries] = useState<LogEntry[]>([]);
  const nextId = useRef(0);
  const log = useCallback((level: LogLevel, message: string) => {
    const entry: LogEntry = { id: nextId.current++, at: new Date(), level, message };
    setEntries((list) => appendLogEntry(list, entry));
  }, []);
  const clear = useCallback(() => setEntries([]), []);
  return { entries, log, clear };
}

export type DebugLogger = ReturnType<typeof useDebugLog>['log'];
