import { useEffect, useRef, useState } from 'react';
import { EMOJI_SET } from './emoji-set';

/**
 * A small grid of emoji with a search, loaded on first use (ReactionButton imports it lazily).
 * Escape closes it; the search has the focus when it opens.
 */
export function EmojiPicker({ onPick, onClose }: { onPick: (emoji: string) => void; onClose: () => void }) {
  const [words, setWords] = useState('');
  const search = useRef<HTMLInputElement>(null);
  useEffect(() => search.current?.focus(), []);
  const shown = EMOJI_SET.filter((e) => !words.trim() || e.words.includes(words.trim().toLowerCase()));
  return (
    <div
      role="dialog"
      aria-label="Pick a reaction"
      className="z-dropdown w-64 rounded-lg border border-border bg-surface p-2 shadow-lg"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
      }}
    >
      <input
        ref={search}
        type="search"
        aria-label="Search emoji"
        placeholder="Search"
        value={words}
        onChange={(event) => setWords(event.target.value)}
        className="mb-2 w-full rounded-md border border-border bg-background px-2 py-1 text-sm"
      />
      <div className="grid grid-cols-8 gap-1">
        {shown.map(({ emoji, words: name }) => (
          <button
            key={emoji}
            type="button"
            aria-label={`React with ${emoji} (${name.split(' ')[0]})`}
            onClick={() => onPick(emoji)}
            className="rounded p-1 text-lg hover:bg-surface-raised focus-visible:outline-2 focus-visible:outline-focus"
          >
            {emoji}
          </button>
        ))}
        {shown.length === 0 && <p className="col-span-8 text-xs text-muted">No emoji match.</p>}
      </div>
    </div>
  );
}
