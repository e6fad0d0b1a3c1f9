/**
 * A day chosen in the app's own date format ("Thu 26 Nov 2026"), never the
 * browser's (11/26/2026 beside the desk's 24-hour times). The native date
 * input stays, transparent over the text, so that its calendar opens on a
 * click or a tap and keyboard, screen readers and tests use it as before.
 */
import type { ChangeEvent } from 'react';
import { dayBounds } from '../../../shared/time.ts';
import './DayField.css';

/** "Thu 26 Nov 2026": the day key (YYYY-MM-DD) in the app's format. */
export function dayText(day: string, locale = 'en-GB'): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return '';
  return new Date(dayBounds(day).from).toLocaleDateString(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
}

export function DayField(props: {
  id?: string;
  value: string;
  onChange: (day: string) => void;
  label?: string;
  min?: string;
  max?: string;
  testId?: string;
  /** The day may be cleared (a filter): shown as `emptyText`. */
  optional?: boolean;
  emptyText?: string;
}) {
  const { id, value, onChange, label, min, max, testId, optional = false, emptyText = 'Any day' } = props;
  return (
    <span className="day-input">
      <span className="day-input-text" aria-hidden="true">
        {dayText(value) || emptyText}
      </span>
      <input
        id={id}
        type="date"
        value={value}
        min={min}
        max={max}
        aria-label={label}
        onChange={(event: ChangeEvent<HTMLInputElement>) =>
          (event.target.value || optional) && onChange(event.target.value)
        }
        onClick={(event) => {
          // The calendar on a click anywhere on the field, not only on its small icon.
          try {
            event.currentTarget.showPicker();
          } catch {
            // Not allowed here (a cross-origin frame) or not supported: the field still takes typing.
          }
        }}
        data-testid={testId}
      />
    </span>
  );
}
