import { useId } from 'react';
import { SelectField } from '../../../ui/SelectField';
import { TextField } from '../../../ui/TextField';
import { COMPARISONS, comparisonWords, type Comparison, type NumberFilterInput } from '../filters';

/**
 * A filter on a number as a comparison ("At least" 3) or a range ("Between" 2 and 5), grouped under
 * its legend so each field is named after it ("Total orders: comparison", "Total orders: from").
 */
export function NumberFilterField({
  legend,
  value,
  onChange,
  error,
  inputMode = 'numeric',
  unit,
}: {
  legend: string;
  value: NumberFilterInput;
  onChange: (next: NumberFilterInput) => void;
  error?: string | undefined;
  inputMode?: 'numeric' | 'decimal';
  /** Said after the value's label (a currency). */
  unit?: string;
}) {
  const errorId = useId();
  const between = value.comparison === 'between';
  const suffix = unit ? ` (${unit})` : '';
  return (
    <fieldset className="grid min-w-0 gap-2" aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)] gap-2">
        <SelectField
          label={<span className="sr-only">{legend}: comparison</span>}
          value={value.comparison}
          onChange={(event) => onChange({ ...value, comparison: event.target.value as Comparison })}
        >
          {COMPARISONS.map((comparison) => (
            <option key={comparison} value={comparison}>
              {comparisonWords[comparison]}
            </option>
          ))}
        </SelectField>
        {value.comparison !== 'any' && (
          <TextField
            label={<span className="sr-only">{`${legend}: ${between ? 'from' : 'value'}${suffix}`}</span>}
            inputMode={inputMode}
            autoComplete="off"
            value={value.value}
            aria-invalid={error ? true : undefined}
            onChange={(event) => onChange({ ...value, value: event.target.value })}
          />
        )}
      </div>
      {between && (
        <TextField
          label={<span className="sr-only">{`${legend}: to${suffix}`}</span>}
          inputMode={inputMode}
          autoComplete="off"
          placeholder="To"
          value={value.to}
          aria-invalid={error ? true : undefined}
          onChange={(event) => onChange({ ...value, to: event.target.value })}
        />
      )}
      {error && (
        <p id={errorId} className="text-xs text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}
