import { useRouter } from '@tanstack/react-router';
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useSearchParam } from '../../app/search';
import { cx } from '../../ui/cx';
import { Icon } from '../../ui/Icon';
import { mediaQueries, useMediaQuery } from '../../ui/use-media-query';
import { headerIconButton } from './header-classes';
import { useModuleRoutes } from '../integrations/modules/use-modules';
import { searchRoutes, tutorialPath, withModules } from './search-index';
import { useBlogResults } from './use-blog-results';
import { useRoutesHiddenFromRole } from '../menu/use-shell-menu';
import { useShellProject } from './use-shell-project';

/** How many pages the search lists at most. */
const ROUTE_RESULTS = 8;

interface Option {
  id: string;
  group: 'pages' | 'tutorials';
  label: string;
  /** Where it goes: a route's path (with the project when it takes one), or a tutorial's address. */
  href: string;
}

/**
 * The header's search (SPEC.md section 2): pages by name and blog posts by title, grouped, as a
 * combobox. On phones it is a Search button that opens the same box across the top of the screen.
 */
export function HeaderSearch() {
  const wide = useMediaQuery(mediaQueries.md, true);
  const [open, setOpen] = useState(false);
  if (wide) return <SearchCombobox className="w-full max-w-md" />;
  return (
    <>
      <button
        type="button"
        aria-label="Search"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        className={headerIconButton}
      >
        <Icon name="search" size={20} />
      </button>
      {open && (
        <div
          role="dialog"
          aria-label="Search"
          className="fixed inset-0 z-modal flex flex-col bg-surface pt-[env(safe-area-inset-top)]"
        >
          <div className="flex min-h-0 flex-1 flex-col">
            <SearchCombobox className="flex min-h-0 flex-1 flex-col" autoFocus onDone={() => setOpen(false)} panel />
          </div>
        </div>
      )}
    </>
  );
}

function SearchCombobox({
  className,
  autoFocus = false,
  panel = false,
  onDone,
}: {
  className?: string;
  autoFocus?: boolean;
  /** In the phone's panel: the results span the screen's width, and Escape on an empty box closes it. */
  panel?: boolean;
  onDone?: () => void;
}) {
  const router = useRouter();
  const project = useSearchParam('project');
  const [query, setQuery] = useState('');
  const [expanded, setExpanded] = useState(false);
  const [active, setActive] = useState(-1);
  const ids = useId();
  const listId = `${ids}-list`;
  const input = useRef<HTMLInputElement>(null);
  const blogs = useBlogResults(query);
  const moduleRoutes = useModuleRoutes();
  const hidden = useRoutesHiddenFromRole(useShellProject());
  const routes = useMemo(
    () => withModules(moduleRoutes).filter((route) => !hidden.has(route.name)),
    [moduleRoutes, hidden],
  );

  const pages: Option[] = searchRoutes(query, routes)
    .slice(0, ROUTE_RESULTS)
    .map((route) => ({
      id: `${ids}-page-${route.name}`,
      group: 'pages',
      label: route.title,
      href: router.buildLocation({
        to: route.path,
        search: route.takesProject && project ? { project } : {},
      }).href,
    }));
  const tutorials: Option[] = blogs.results.map((post) => ({
    id: `${ids}-blog-${post.id}`,
    group: 'tutorials',
    label: post.title,
    href: tutorialPath(post.slug),
  }));
  const options = [...pages, ...tutorials];
  const showing = expanded && query.trim() !== '';
  const activeOption = showing ? options[active] : undefined;

  const reset = () => {
    setQuery('');
    setExpanded(false);
    setActive(-1);
  };
  const go = (option: Option) => {
    reset();
    onDone?.();
    void router.navigate({ href: option.href });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setExpanded(true);
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((now) => (now + step + options.length) % options.length);
    } else if (event.key === 'Enter') {
      const chosen = options[active] ?? (options.length === 1 ? options[0] : undefined);
      if (showing && chosen) {
        event.preventDefault();
        go(chosen);
      }
    } else if (event.key === 'Escape') {
      if (showing) {
        event.preventDefault();
        setExpanded(false);
        setActive(-1);
      } else if (query !== '') {
        event.preventDefault();
        setQuery('');
      } else if (panel) {
        event.preventDefault();
        onDone?.();
      }
    }
  };

  const results = (
    <div
      hidden={!showing}
      className={cx(
        'overflow-y-auto overscroll-contain p-1 text-text',
        panel
          ? 'min-h-0 flex-1 border-t border-border'
          : 'absolute inset-x-0 top-full z-dropdown mt-2 max-h-[min(500px,calc(100dvh-5rem))] rounded-xl border border-border bg-surface shadow-lg',
      )}
    >
      <div id={listId} role="listbox" aria-label="Search results">
        <Group id={`${ids}-pages`} title="Pages" options={pages} active={activeOption} onChoose={go} />
        <Group id={`${ids}-tutorials`} title="Tutorials" options={tutorials} active={activeOption} onChoose={go} />
      </div>
      {options.length === 0 && (
        <p role="status" className="px-3 py-2.5 text-sm text-muted">
          {blogs.isPending ? 'Searching…' : 'No Results.'}
        </p>
      )}
    </div>
  );

  return (
    <div
      className={cx('relative', className)}
      onBlur={(event) => {
        if (!panel && !event.currentTarget.contains(event.relatedTarget as Node | null)) setExpanded(false);
      }}
    >
      <div className={cx('relative flex items-center gap-2', panel && 'h-16 shrink-0 px-3')}>
        <label htmlFor={`${ids}-input`} className="sr-only">
          Search pages and tutorials
        </label>
        <div className="relative min-w-0 flex-1">
          <span className="pointer-events-none absolute inset-y-0 left-3 grid place-items-center text-muted">
            <Icon name="search" size={18} />
          </span>
          <input
            ref={input}
            id={`${ids}-input`}
            type="search"
            role="combobox"
            autoComplete="off"
            spellCheck={false}
            // The phone's panel opens for typing: the keyboard comes up at once.
            autoFocus={autoFocus}
            placeholder="Search…"
            aria-autocomplete="list"
            aria-expanded={showing}
            aria-controls={listId}
            aria-activedescendant={activeOption?.id}
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setExpanded(true);
              setActive(-1);
            }}
            onFocus={() => setExpanded(true)}
            onKeyDown={onKeyDown}
            className="h-10 w-full rounded-md border border-border bg-background pr-3 pl-10 text-base placeholder:text-muted focus:border-primary focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-focus sm:text-sm [&::-webkit-search-cancel-button]:hidden"
          />
        </div>
        {panel && (
          <button type="button" aria-label="Close search" onClick={onDone} className={headerIconButton}>
            <Icon name="close" size={20} />
          </button>
        )}
      </div>
      {results}
    </div>
  );
}

function Group({
  id,
  title,
  options,
  active,
  onChoose,
}: {
  id: string;
  title: string;
  options: Option[];
  active: Option | undefined;
  onChoose: (option: Option) => void;
}) {
  if (options.length === 0) return null;
  return (
    <div role="group" aria-labelledby={id}>
      <div id={id} role="presentation" className="px-3 pt-2 pb-1 text-sm font-medium text-muted">
        {title}
      </div>
      {options.map((option) => (
        <div
          key={option.id}
          id={option.id}
          role="option"
          aria-selected={active?.id === option.id}
          // The box keeps the focus: a press on an option must not blur it first.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onChoose(option)}
          className="flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm hover:bg-surface-raised aria-selected:bg-primary-soft aria-selected:text-primary"
        >
          <Icon
            name={option.group === 'pages' ? 'chevron-right' : 'support'}
            size={16}
            className="shrink-0 text-muted"
          />
          <span className="truncate">{option.label}</span>
        </div>
      ))}
    </div>
  );
}
