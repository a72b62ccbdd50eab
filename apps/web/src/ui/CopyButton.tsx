import { useEffect, useState } from 'react';
import { Button, type ButtonProps } from './Button';

/** Copies a text to the clipboard and says so for two seconds. */
export function CopyButton({
  text,
  label = 'Copy',
  copiedLabel = 'Copied',
  ...props
}: Omit<ButtonProps, 'onClick' | 'children'> & { text: string; label?: string; copiedLabel?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 2000);
    return () => clearTimeout(timer);
  }, [state]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  }

  return (
    <Button variant="secondary" size="small" onClick={() => void copy()} {...props}>
      <span aria-live="polite">{state === 'copied' ? copiedLabel : state === 'failed' ? 'Copy failed' : label}</span>
    </Button>
  );
}
