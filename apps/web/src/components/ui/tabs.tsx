import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '../../lib/class-names';

export interface TabItem {
  id: string;
  label: string;
  content: ReactNode;
}

/** WAI-ARIA tabs: one tab stop, arrow keys / Home / End move and select, panels are labelled by their tab. */
export function Tabs({ items, label, idPrefix }: { items: TabItem[]; label: string; idPrefix: string }) {
  const [selected, setSelected] = useState(items[0]?.id);
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());

  const select = (index: number) => {
    const item = items[(index + items.length) % items.length];
    if (!item) return;
    setSelected(item.id);
    tabRefs.current.get(item.id)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowDown: index + 1,
      ArrowLeft: index - 1,
      ArrowUp: index - 1,
      Home: 0,
      End: items.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(next);
  };

  return (
    <div className="grid gap-4 md:grid-cols-[14rem_1fr] md:gap-6">
      <div role="tablist" aria-label={label} className="flex flex-wrap gap-2 md:flex-col md:flex-nowrap md:gap-1">
        {items.map((item, index) => {
          const isSelected = item.id === selected;
          return (
            <button
              key={item.id}
              ref={(node) => {
                if (node) tabRefs.current.set(item.id, node);
                else tabRefs.current.delete(item.id);
              }}
              type="button"
              role="tab"
              id={`${idPrefix}-tab-${item.id}`}
              aria-selected={isSelected}
              aria-controls={`${idPrefix}-panel-${item.id}`}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => setSelected(item.id)}
              onKeyDown={(event) => onKeyDown(event, index)}
              className={cn(
                'rounded-lg px-3 py-2 text-left text-sm font-medium whitespace-nowrap transition-colors',
                isSelected
                  ? 'bg-brand-700 text-white shadow-sm'
                  : 'bg-white text-stone-700 ring-1 ring-stone-200 hover:bg-stone-100 hover:text-stone-900 md:bg-transparent md:ring-0',
              )}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item) => (
        <div
          key={item.id}
          role="tabpanel"
          id={`${idPrefix}-panel-${item.id}`}
          aria-labelledby={`${idPrefix}-tab-${item.id}`}
          hidden={item.id !== selected}
          tabIndex={0}
          className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
        >
          {item.content}
        </div>
      ))}
    </div>
  );
}
