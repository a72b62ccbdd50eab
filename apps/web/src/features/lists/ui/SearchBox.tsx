import { TextField } from '../../../ui/TextField';
import type { ListWords } from '../list-words';
import type { ListSearch } from '../use-list-search';

/**
 * A list's search field. The list follows the text as it is typed, so there is nothing to submit;
 * `searching` says so while the answer is on its way.
 */
export function SearchBox({
  words,
  search,
  searching,
  className = 'sm:w-80',
}: {
  words: ListWords;
  search: ListSearch;
  searching: boolean;
  /** The form's width classes, where a page lays its search out otherwise. */
  className?: string;
}) {
  const plural = words.noun[1];
  // The search landmark is named after the list ("Members"); its field says what it does.
  return (
    <form
      role="search"
      aria-label={plural.charAt(0).toUpperCase() + plural.slice(1)}
      onSubmit={(event) => event.preventDefault()}
      className={className}
    >
      <TextField
        label={`Search ${plural}`}
        type="search"
        placeholder={words.placeholder}
        autoComplete="off"
        spellCheck={false}
        value={search.text}
        onChange={(event) => search.setText(event.target.value)}
        hint={searching ? 'Searching…' : undefined}
      />
    </form>
  );
}
