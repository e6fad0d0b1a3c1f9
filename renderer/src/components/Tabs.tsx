import type { ReactNode } from 'react';

export interface TabItem<T extends string> {
  id: T;
  label: ReactNode;
  count?: number;
  tone?: 'default' | 'warn';
}

/** Tabs as a segmented control; counts sit beside the labels. */
export function Tabs<T extends string>({
  items,
  value,
  onChange,
  label,
  className,
}: {
  items: TabItem<T>[];
  value: T | null;
  onChange: (id: T) => void;
  label: string;
  className?: string;
}) {
  return (
    <div className={`tabs ${className ?? ''}`} role="tablist" aria-label={label}>
      {items.map((item) => (
        <button
          type="button"
          role="tab"
          key={item.id}
          aria-selected={item.id === value}
          className={`tab${item.id === value ? ' active' : ''}`}
          onClick={() => onChange(item.id)}
          data-testid={`tab-${item.id}`}
        >
          <span>{item.label}</span>
          {item.count !== undefined && (
            <span className={`tab-count${item.tone === 'warn' ? ' warn' : ''}`} data-testid={`tab-count-${item.id}`}>
              {item.count.toLocaleString('en-GB')}
            </span>
          )}
        </button>
      ))}
    </div>
  );
}
