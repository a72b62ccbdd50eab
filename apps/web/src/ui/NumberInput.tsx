import {
  useState,
  type FocusEvent,
  type InputHTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { cx } from './cx';
import { useFieldIds } from './field-ids';
import { FieldFrame } from './FieldFrame';
import { Icon } from './Icon';
import { inputClasses } from './TextField';

export interface NumberInputProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'type' | 'value' | 'defaultValue' | 'onChange' | 'min' | 'max' | 'step' | 'inputMode'
> {
  label: ReactNode;
  /** Shown under the field, tied to it for screen readers. */
  hint?: ReactNode;
  /** The field's error; marks it invalid. */
  error?: string | undefined;
  /** Beside the label, right-aligned. */
  labelAside?: ReactNode;
  /** Controlled value (null is empty); leave it out and use `defaultValue` to let the field keep its own. */
  value?: number | null;
  defaultValue?: number | null;
  /**
   * Hears the number as it is typed (unclamped), then the clamped one on blur and on every step;
   * null when the field is emptied. Never hears half-typed text ("-", "1e").
   */
  onValueChange?: (value: number | null) => void;
  min?: number;
  max?: number;
  /** What the arrow keys and the − and + buttons add; 1 unless told. Page Up/Down step ten times. */
  step?: number;
  /** Leaves out the − and + buttons. */
  hideStepper?: boolean;
  /** Names of the − and + buttons ("Decrease", "Increase" unless told). */
  decrementLabel?: string;
  incrementLabel?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * SPEC.md section 5: "Number inputs clamp to min and max when given." The one clamp of every number
 * field (NumberInput, and forms that hold a number field's value, at submit).
 */
export function clampNumber(value: number, min?: number, max?: number): number {
  return Math.min(max ?? Infinity, Math.max(min ?? -Infinity, value));
}

/** "", a number, or "invalid" for text that is not (yet) one. A decimal comma is accepted. */
function parse(text: string): number | null | 'invalid' {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/.test(trimmed)) return 'invalid';
  const value = Number(trimmed.replace(',', '.'));
  return Number.isFinite(value) ? value : 'invalid';
}

const format = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

function decimals(value: number | undefined): number {
  if (value === undefined || Number.isInteger(value)) return 0;
  return String(value).split('.')[1]?.length ?? 0;
}

/**
 * A labelled number field. Typing is free (it is a text field with the spinbutton role, so a
 * half-typed "-" or "1," is not thrown away); on blur the text is read, clamped to min and max and
 * written back tidily (also on Enter), and text that is not a number goes back to the last number. Arrow keys,
 * Page Up/Down, Home/End and the − and + buttons step within min and max.
 */
export function NumberInput({
  label,
  hint,
  error,
  labelAside,
  value,
  defaultValue,
  onValueChange,
  min,
  max,
  step = 1,
  hideStepper = false,
  decrementLabel = 'Decrease',
  incrementLabel = 'Increase',
  className,
  disabled,
  readOnly,
  onBlur,
  onKeyDown,
  ref,
  ...input
}: NumberInputProps) {
  const ids = useFieldIds(hint, error);
  const controlled = value !== undefined;
  const [own, setOwn] = useState<number | null>(defaultValue ?? null);
  const current = controlled ? value : own;
  const [text, setText] = useState(() => format(current));

  // A new value from the parent (a form reset) replaces the text, unless the text already says it.
  const [lastValue, setLastValue] = useState(value);
  if (controlled && !Object.is(value, lastValue)) {
    setLastValue(value);
    if (parse(text) !== value) setText(format(value));
  }

  const clamp = (n: number) => clampNumber(n, min, max);

  const report = (next: number | null) => {
    if (!controlled) setOwn(next);
    if (!Object.is(next, current)) onValueChange?.(next);
  };

  const commit = (next: number | null) => {
    setText(format(next));
    report(next);
  };

  const typed = parse(text);
  const shown = typed === 'invalid' ? current : typed;
  const stepBy = (count: number) => {
    const base = typed === 'invalid' ? current : typed;
    if (base === null) {
      // From empty, the first step lands on the start of the range.
      commit(clamp(min ?? 0));
      return;
    }
    // Rounded to the decimals in play, so 0.1 + 0.2 steps to 0.3 and not 0.30000000000000004.
    const places = Math.max(decimals(step), decimals(min), decimals(base));
    commit(clamp(Number((base + count * step).toFixed(places))));
  };

  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented || disabled || readOnly) return;
    const steps: Record<string, number> = { ArrowUp: 1, ArrowDown: -1, PageUp: 10, PageDown: -10 };
    if (event.key in steps) {
      event.preventDefault();
      stepBy(steps[event.key] ?? 0);
    } else if (event.key === 'Home' && min !== undefined) {
      event.preventDefault();
      commit(min);
    } else if (event.key === 'End' && max !== undefined) {
      event.preventDefault();
      commit(max);
    } else if (event.key === 'Enter') {
      // Enter commits as leaving does (and still submits the form): 999 in a 1–60 field shows 60.
      commit(typed === 'invalid' ? current : typed === null ? null : clamp(typed));
    }
  };

  const onLeave = (event: FocusEvent<HTMLInputElement>) => {
    commit(typed === 'invalid' ? current : typed === null ? null : clamp(typed));
    onBlur?.(event);
  };

  const locked = disabled || readOnly;
  const stepButton =
    'inline-flex size-8 items-center justify-center rounded text-muted hover:bg-surface-raised hover:text-text disabled:opacity-40 disabled:hover:bg-transparent';

  return (
    <FieldFrame ids={ids} label={label} labelAside={labelAside} hint={hint} error={error} className={className}>
      <div className="relative mt-1.5">
        <input
          {...ids.control}
          ref={ref}
          type="text"
          role="spinbutton"
          inputMode={decimals(step) > 0 || decimals(min) > 0 ? 'decimal' : (min ?? -1) >= 0 ? 'numeric' : 'text'}
          autoComplete="off"
          spellCheck={false}
          aria-valuenow={shown ?? undefined}
          aria-valuemin={min}
          aria-valuemax={max}
          disabled={disabled}
          readOnly={readOnly}
          className={cx(inputClasses, 'tabular-nums', !hideStepper && 'pr-20')}
          {...input}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            const next = parse(event.target.value);
            if (next !== 'invalid') report(next);
          }}
          onKeyDown={onKey}
          onBlur={onLeave}
        />
        {!hideStepper && (
          <div className="absolute inset-y-0 right-1 flex items-center gap-0.5">
            {/* Out of the tab order (the arrow keys do the same), and a press keeps the focus in the field. */}
            <button
              type="button"
              tabIndex={-1}
              aria-label={decrementLabel}
              aria-controls={ids.id}
              className={stepButton}
              disabled={locked || (min !== undefined && shown !== null && shown <= min)}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => stepBy(-1)}
            >
              <Icon name="minus" size={16} />
            </button>
            <button
              type="button"
              tabIndex={-1}
              aria-label={incrementLabel}
              aria-controls={ids.id}
              className={stepButton}
              disabled={locked || (max !== undefined && shown !== null && shown >= max)}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => stepBy(1)}
            >
              <Icon name="plus" size={16} />
            </button>
          </div>
        )}
      </div>
    </FieldFrame>
  );
}
