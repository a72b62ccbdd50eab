import { TextField } from '../../../ui/TextField';

/**
 * The From/To day pair the storefront's lists filter by. Each field bounds the other (`max`/`min`),
 * so the picker offers no end before the start; the range's error (see `dateRangeError`) shows on
 * the end field, where it is fixed. A fragment, so both fields sit in the filter bar's own grid.
 */
export function DateRangeFields({
  from,
  to,
  onFromChange,
  onToChange,
  error,
  fromLabel = 'From',
  toLabel = 'To',
}: {
  /** Days as a date field holds them (`YYYY-MM-DD`), or '' for an open end. */
  from: string;
  to: string;
  onFromChange: (day: string) => void;
  onToChange: (day: string) => void;
  error?: string | undefined;
  fromLabel?: string;
  toLabel?: string;
}) {
  return (
    <>
      <TextField
        label={fromLabel}
        type="date"
        value={from}
        max={to || undefined}
        onChange={(event) => onFromChange(event.target.value)}
      />
      <TextField
        label={toLabel}
        type="date"
        value={to}
        min={from || undefined}
        onChange={(event) => onToChange(event.target.value)}
        error={error}
      />
    </>
  );
}
