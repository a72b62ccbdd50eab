import { useTheme } from '../app/theme';
import { Button } from '../ui/Button';
import { cx } from '../ui/cx';

function MoonIcon() {
  return (
    <svg viewBox="0 0 20 20" className="size-4" aria-hidden="true" fill="currentColor">
      <path d="M15.3 12.9A6.5 6.5 0 0 1 7.1 4.7a.6.6 0 0 0-.8-.8 7.7 7.7 0 1 0 9.8 9.8.6.6 0 0 0-.8-.8Z" />
    </svg>
  );
}

/** Switches between the light and dark themes; pressed means dark. */
export function ThemeToggle({ className }: { className?: string }) {
  const { theme, toggleTheme } = useTheme();
  const dark = theme === 'dark';
  return (
    <Button variant="secondary" size="small" aria-pressed={dark} onClick={toggleTheme} className={className}>
      <MoonIcon />
      <span>Dark theme</span>
      <span
        aria-hidden="true"
        className={cx(
          'relative ml-1 inline-block h-4 w-7 rounded-full transition-colors',
          dark ? 'bg-primary' : 'bg-border',
        )}
      >
        <span
          className={cx(
            'absolute top-0.5 left-0.5 size-3 rounded-full bg-white shadow transition-transform',
            dark && 'translate-x-3',
          )}
        />
      </span>
    </Button>
  );
}
