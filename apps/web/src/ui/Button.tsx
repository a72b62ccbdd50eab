import type { ButtonHTMLAttributes } from 'react';
import { cx } from './cx';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'default' | 'small';

const base =
  'inline-flex items-center justify-center gap-2 rounded-md font-medium whitespace-nowrap ' +
  // Colours ease on hover; the focus ring must not, or it fades in from the text colour.
  'transition-[color,background-color,border-color] ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus ' +
  'disabled:cursor-not-allowed disabled:opacity-60';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-primary text-on-primary hover:bg-primary-hover',
  secondary: 'border border-border bg-surface text-text hover:bg-surface-raised',
  ghost: 'text-text hover:bg-surface-raised',
  /** Destructive actions (delete, revoke, remove), always after a confirmation. */
  danger: 'bg-danger text-white hover:brightness-110',
};

/** SPEC.md section 9: button padding 0.5rem/1rem, small 0.2rem/0.6rem. */
const sizes: Record<ButtonSize, string> = {
  default: 'px-4 py-2 text-sm',
  small: 'px-[0.6rem] py-[0.2rem] text-xs',
};

/** The button look, for links that should look like buttons. */
export function buttonClasses(options: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}) {
  return cx(base, variants[options.variant ?? 'primary'], sizes[options.size ?? 'default'], options.className);
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClasses({ variant, size, className })} {...props} />;
}
