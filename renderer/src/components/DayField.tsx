/**
 * A day chosen in the app's own date format ("Thu 26 Nov 2026"), never the
 * browser's (11/26/2026 beside the desk's 24-hour times). The native date
 * input stays, transparent over the text, so that its calendar opens on a
 * click or a tap and keyboard, screen readers and tests use it as before.
 */
import type { ChangeEvent } from 'react';
import { formatDayKey } from '../lib/format.ts';
import './DayField.css';

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
        {formatDayKey(value) || emptyText}
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
