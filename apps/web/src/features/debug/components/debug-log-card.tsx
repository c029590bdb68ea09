import { Trash2 } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { cn } from '../../../lib/class-names';
import { formatLogTime, type LogEntry } from '../debug-log';

const LEVEL_CLASSES: Record<LogEntry['level'], string> = {
  info: 'text-stone-200',
  success: 'text-emerald-300',
  error: 'text-red-300',
};

/** Every step of previews and tests with its time, newest at the bottom and kept in view. */
export function DebugLogCard({ entries, onClear }: { entries: readonly LogEntry[]; onClear: () => void }) {
  const id = useId();
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = list.current;
    if (node) node.scrollTop = node.scrollHeight;
  }, [entries]);

  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader className="flex flex-wrap items-center justify-between gap-2 space-y-0">
        <CardTitle id={`${id}-title`}>Debug log</CardTitle>
        <Button variant="secondary" size="sm" onClick={onClear} disabled={entries.length === 0}>
          <Trash2 aria-hidden className="size-4" />
          Clear Logs
        </Button>
      </CardHeader>
      <CardContent>
        {/* One live region for the card's whole life, so screen readers hear lines added after a clear too. */}
        <div
          ref={list}
          role="log"
          aria-labelledby={`${id}-title`}
          tabIndex={0}
          className="max-h-80 min-h-24 overflow-y-auto rounded-lg bg-stone-900 p-3 font-mono text-xs leading-relaxed focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          {entries.length ? (
            <ol className="space-y-1">
              {entries.map((entry) => (
                <li key={entry.id} className={cn('break-words', LEVEL_CLASSES[entry.level])}>
                  <time dateTime={entry.at.toISOString()} className="text-stone-400">
                    [{formatLogTime(entry.at)}]
                  </time>{' '}
                  {entry.message}
                </li>
              ))}
            </ol>
          ) : (
            <p className="text-stone-400">No log entries yet.</p>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
