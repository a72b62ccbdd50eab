import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { chatKeys } from '../api/keys';
import type { Typist } from '../api/types';

/** "Grace is typing…": filled by realtime typing events, each showing for a few seconds. */
export function typingText(names: readonly string[]): string {
  if (names.length === 0) return '';
  if (names.length === 1) return `${names[0]} is typing…`;
  if (names.length === 2) return `${names[0]} and ${names[1]} are typing…`;
  return 'Several people are typing…';
}

export function TypingIndicator({ channel }: { channel: string }) {
  const { data = [] } = useQuery<Typist[]>({
    queryKey: chatKeys.typing(channel),
    queryFn: () => [],
    staleTime: Infinity,
    enabled: false,
  });
  const [now, setNow] = useState(() => Date.now());
  const soonest = Math.min(...data.map((t) => t.until));
  // Re-render when the first name is due to go.
  useEffect(() => {
    if (!Number.isFinite(soonest)) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, soonest - Date.now()) + 50);
    return () => clearTimeout(timer);
  }, [soonest]);
  const names = data.filter((t) => t.until > now).map((t) => t.name);
  return (
    <p aria-live="polite" className="h-5 px-4 text-xs text-muted">
      {typingText(names)}
    </p>
  );
}
