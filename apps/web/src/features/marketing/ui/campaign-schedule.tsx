import { useId } from 'react';
import { cx } from '../../../ui/cx';
import { formatDateTimeIn, isKnownTimeZone } from '../../../ui/dates';
import { inputClasses } from '../../../ui/TextField';

/** The schedule as the form holds it: now, or a wall-clock date and time in the project's zone. */
export interface ScheduleChoice {
  when: 'now' | 'later';
  date: string;
  time: string;
}

/** The project's time zone, or UTC when it has none the browser knows (a setting is stored unchecked). */
export function projectTimeZone(setting: string | undefined): string {
  return setting && isKnownTimeZone(setting) ? setting : 'UTC';
}

/** "1 Dec 2026, 09:00 (Europe/London)": a moment in the project's zone, named. */
export function zonedWords(iso: string, timeZone: string): string {
  return `${formatDateTimeIn(iso, timeZone)} (${timeZone})`;
}

/**
 * When a campaign goes: "Send now" (when Send is pressed) or "Schedule for" a date and time typed
 * in the project's time zone, whatever the browser's.
 */
export function ScheduleField({
  value,
  onChange,
  timeZone,
  error,
}: {
  value: ScheduleChoice;
  onChange: (value: ScheduleChoice) => void;
  timeZone: string;
  error?: string | undefined;
}) {
  const name = useId();
  const zoneId = useId();
  const errorId = useId();
  const later = value.when === 'later';
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-sm font-medium">Schedule</legend>
      <label className="flex items-center gap-2 text-sm">
        <input type="radio" name={name} checked={!later} onChange={() => onChange({ ...value, when: 'now' })} />
        Send now, when you press Send
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input type="radio" name={name} checked={later} onChange={() => onChange({ ...value, when: 'later' })} />
        Schedule for
      </label>
      {later && (
        <div className="grid gap-2 pl-6">
          <div className="flex flex-wrap gap-2">
            {(['date', 'time'] as const).map((part) => (
              <label key={part} className="grid gap-1 text-xs font-medium">
                {part === 'date' ? 'Date' : 'Time'}
                <input
                  type={part}
                  required
                  aria-describedby={zoneId}
                  aria-invalid={error ? true : undefined}
                  className={cx(inputClasses, part === 'date' ? 'w-44!' : 'w-32!')}
                  value={value[part]}
                  onChange={(event) => onChange({ ...value, [part]: event.target.value })}
                />
              </label>
            ))}
          </div>
          <p id={zoneId} className="text-xs text-muted">
            In the project’s time zone, {timeZone}.
          </p>
        </div>
      )}
      {error && (
        <p id={errorId} className="text-sm text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}
