import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem {
  id: string;
  label: string;
  content: ReactNode;
}

/**
 * Tabs following the WAI-ARIA pattern: one tab stop (roving tabindex), Left/Right arrows wrap,
 * Home/End jump, and moving focus selects the tab (automatic activation: panels are static text).
 * Controlled, so the page can keep the selected tab in the URL.
 */
export function Tabs({
  label,
  items,
  selected,
  onSelect,
}: {
  label: string;
  items: TabItem[];
  selected: string;
  onSelect: (id: string) => void;
}) {
  const base = useId();
  const refs = useRef(new Map<string, HTMLButtonElement>());
  const current = items.find((item) => item.id === selected) ?? items[0];

  function move(event: KeyboardEvent<HTMLButtonElement>) {
    const index = items.findIndex((item) => item.id === current.id);
    const next = {
      ArrowRight: (index + 1) % items.length,
      ArrowLeft: (index - 1 + items.length) % items.length,
      Home: 0,
      End: items.length - 1,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = items[next];
    onSelect(target.id);
    refs.current.get(target.id)?.focus();
  }

  return (
    <div className="pub-tabset">
      <div role="tablist" aria-label={label} className="pub-tabs">
        {items.map((item) => {
          const isSelected = item.id === current.id;
          return (
            <button
              key={item.id}
              ref={(node) => {
                if (node) refs.current.set(item.id, node);
                else refs.current.delete(item.id);
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${item.id}`}
              aria-selected={isSelected}
              aria-controls={`${base}-panel-${item.id}`}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => onSelect(item.id)}
              onKeyDown={move}
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
          id={`${base}-panel-${item.id}`}
          aria-labelledby={`${base}-tab-${item.id}`}
          tabIndex={0}
          hidden={item.id !== current.id}
          className="pub-tabpanel"
        >
          {item.content}
        </div>
      ))}
    </div>
  );
}
