import { useState } from 'react';
import { useDebouncedValue } from './use-debounced-value';

/** A list's search: the text as typed, and what the server is asked (trimmed, once typing pauses). */
export function useListSearch() {
  const [text, setText] = useState('');
  const query = useDebouncedValue(text.trim());
  return { text, setText, query };
}

export type ListSearch = ReturnType<typeof useListSearch>;
