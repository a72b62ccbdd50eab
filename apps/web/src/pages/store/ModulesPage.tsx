import type { Integration, IntegrationListing } from '@wharf/contract';
import { Link } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { pathOf, routeExists } from '../../app/navigation';
import type { Access } from '../../features/access/api/enforce';
import { deniedReason } from '../../features/access/ui/Denied';
import { linkClasses } from '../../features/accounts/ui/AuthCard';
import { errorMessage } from '../../features/forms/form-errors';
import { useConfirmedMutation } from '../../features/forms/use-confirmed-mutation';
import { useCatalogue, useCategories, useInstall, useListings, useUninstall } from '../../features/integrations/api';
import { missingDependencies, monthlyPrice } from '../../features/integrations/price';
import { moduleName, settingsRouteName } from '../../features/integrations/modules/definitions';
import type { Project } from '../../features/projects/api/projects';
import { ProjectPage } from '../../features/projects/ui/ProjectPage';
import { Alert } from '../../ui/Alert';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { cx } from '../../ui/cx';
import { Icon, iconNames, type IconName } from '../../ui/Icon';
import { EmptyState, LoadError, LoadMore } from '../../ui/ListStates';
import { Loading } from '../../ui/Loading';
import { SelectField } from '../../ui/SelectField';
import { Tag } from '../../ui/Tag';
import { TextField } from '../../ui/TextField';
import { ListingButtons, type ListingActions } from '../../features/integrations/ui/ListingButtons';
import { ListingDetails } from '../../features/integrations/ui/ListingDetails';

/** `/store` (route `integrations.store`): what the platform's store offers the project, to install and remove. */
export function ModulesPage() {
  return (
    <ProjectPage
      title="Modules"
      description="Modules add shops, carriers and tools to a project."
      permissions={['integrations.read', 'integrations.manage']}
    >
      {(project, access) => <Store key={project.id} project={project} access={access} />}
    </ProjectPage>
  );
}

/** Typing settles for this long before the store is searched. */
export const SEARCH_DELAY_MS = 250;

function useSettled(value: string, delay: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

const iconOf = (name: string): IconName => ((iconNames as string[]).includes(name) ? (name as IconName) : 'modules');

/** The names of modules, by code: the catalogue's, else the console's own. */
function useNames(catalogue: readonly Integration[] | undefined) {
  return useMemo(() => {
    const names = new Map((catalogue ?? []).map((i) => [i.code as string, i.name]));
    return (code: string) => names.get(code) ?? moduleName(code);
  }, [catalogue]);
}

function Store({ project, access }: { project: Project; access: Access }) {
  const canManage = access.can('integrations.manage');
  const currency = project.settings.currency;
  const [category, setCategory] = useState('');
  const [typed, setTyped] = useState('');
  const search = useSettled(typed.trim(), SEARCH_DELAY_MS);
  const filter = useMemo(() => ({ category, search }), [category, search]);
  const categories = useCategories();
  const catalogue = useCatalogue();
  const listings = useListings(project.id, filter);
  const install = useInstall(project.id);
  const uninstall = useUninstall(project.id);
  const nameOf = useNames(catalogue.data);
  const [notice, setNotice] = useState<{ code: string; text: string } | null>(null);
  const [open, setOpen] = useState<IntegrationListing | null>(null);

  const installed = useMemo(() => new Set(project.integrations.map((i) => i.code)), [project.integrations]);
  const dependencies = useMemo(
    () => new Map((catalogue.data ?? []).map((i) => [i.code as string, i])),
    [catalogue.data],
  );

  const installing = useConfirmedMutation<IntegrationListing, string>(
    install,
    (listing) => listing.code,
    (listing) => setNotice({ code: listing.code, text: `${listing.integration.name} installed.` }),
  );
  const removing = useConfirmedMutation<IntegrationListing, string>(
    uninstall,
    (listing) => listing.code,
    (listing) => setNotice({ code: '', text: `${listing.integration.name} uninstalled.` }),
  );

  const items = listings.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = category !== '' || search !== '';
  const toInstall = installing.target ? missingDependencies(installing.target.code, dependencies, installed) : [];
  const price = installing.target ? monthlyPrice(installing.target.integration, currency) : null;

  const actions = {
    canManage,
    onInstall: (listing: IntegrationListing) => {
      setNotice(null);
      installing.ask(listing);
    },
    onUninstall: (listing: IntegrationListing) => {
      setNotice(null);
      removing.ask(listing);
    },
    onOpen: setOpen,
  };

  return (
    <div className="grid gap-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <SelectField
          label="Category"
          className="sm:w-56"
          value={category}
          onChange={(event) => setCategory(event.target.value)}
        >
          <option value="">All categories</option>
          {categories.data?.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Search"
          type="search"
          className="sm:max-w-sm sm:flex-1"
          placeholder="Shopify, labels, reviews…"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
      </div>
      {!canManage && (
        <p className="rounded-lg bg-warning-soft px-3.5 py-3 text-sm text-warning">
          {deniedReason(['integrations.manage'])}
        </p>
      )}
      {notice && (
        <Alert tone="success">
          {notice.text}{' '}
          {notice.code && routeExists(settingsRouteName(notice.code)) && (
            <Link to={pathOf(settingsRouteName(notice.code))} search={{ project: project.id }} className={linkClasses}>
              Open its settings
            </Link>
          )}
        </Alert>
      )}
      {listings.isPending ? (
        <Loading label="Loading the store…" />
      ) : listings.data === undefined ? (
        <LoadError
          title="The store could not be loaded"
          message={errorMessage(listings.error)}
          onRetry={() => void listings.refetch()}
          retrying={listings.isFetching}
        />
      ) : items.length === 0 ? (
        filtered ? (
          <EmptyState title="No modules match">Try another category or fewer words.</EmptyState>
        ) : (
          <EmptyState title="No modules available yet">
            <p>The platform&apos;s administrators decide what the store offers; the modules they add show here.</p>
            <Link
              to={pathOf('core.support')}
              search={{ project: project.id }}
              className={`mt-3 inline-block ${linkClasses}`}
            >
              Ask support about modules
            </Link>
          </EmptyState>
        )
      ) : (
        <>
          <ul
            aria-label="Modules in the store"
            className={cx(
              'grid gap-4 sm:grid-cols-2 xl:grid-cols-3',
              listings.isPlaceholderData && 'opacity-60 transition-opacity',
            )}
          >
            {items.map((listing) => (
              <ListingCard
                key={listing.id}
                listing={listing}
                project={project.id}
                currency={currency}
                nameOf={nameOf}
                {...actions}
              />
            ))}
          </ul>
          <LoadMore
            count={items.length}
            noun={['module', 'modules']}
            hasMore={listings.hasNextPage}
            loading={listings.isFetchingNextPage}
            onLoadMore={() => void listings.fetchNextPage()}
            error={listings.isFetchNextPageError ? errorMessage(listings.error) : undefined}
          />
        </>
      )}

      {open && (
        <ListingDetails
          listing={open}
          project={project.id}
          currency={currency}
          nameOf={nameOf}
          onClose={() => setOpen(null)}
          {...actions}
        />
      )}

      <ConfirmDialog
        {...installing.dialog}
        title={`Install ${installing.target?.integration.name ?? ''}?`}
        confirmLabel="Install"
        pendingLabel="Installing…"
      >
        <p>Its pages and menu entries are added to this project at once.</p>
        {toInstall.length > 0 && (
          <p className="mt-2">It needs {toInstall.map(nameOf).join(', ')}, which will be installed too.</p>
        )}
        {price && <p className="mt-2">It costs {price}, charged to the project&apos;s billing.</p>}
      </ConfirmDialog>
      <ConfirmDialog
        {...removing.dialog}
        danger
        title={`Uninstall ${removing.target?.integration.name ?? ''}?`}
        confirmLabel="Uninstall"
        pendingLabel="Uninstalling…"
      >
        <p>Its pages and menu entries are removed from this project.</p>
      </ConfirmDialog>
    </div>
  );
}

function ListingCard({
  listing,
  project,
  currency,
  nameOf,
  ...actions
}: ListingActions & {
  listing: IntegrationListing;
  project: string;
  currency: string | undefined;
  nameOf: (code: string) => string;
}) {
  const { integration } = listing;
  const price = monthlyPrice(integration, currency);
  return (
    <li
      aria-label={integration.name}
      className="flex flex-col gap-3 rounded-xl border border-border bg-surface p-4 shadow-xs"
    >
      <div className="flex items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-primary-soft text-primary">
          <Icon name={iconOf(integration.icon)} size={22} />
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="flex flex-wrap items-center gap-2 font-semibold">
            <button
              type="button"
              className="text-left hover:underline"
              onClick={() => actions.onOpen(listing)}
              aria-label={`About ${integration.name}`}
            >
              {integration.name}
            </button>
            {listing.installed && <Tag tone="success">Installed</Tag>}
          </h3>
          <p className="text-sm text-muted">{price ?? 'Free'}</p>
        </div>
      </div>
      <p className="line-clamp-3 text-sm/6">{integration.description}</p>
      {integration.dependsOn.length > 0 && (
        <p className="text-xs text-muted">Needs {integration.dependsOn.map(nameOf).join(', ')}</p>
      )}
      <div className="mt-auto flex flex-wrap items-center justify-end gap-3">
        <ListingButtons listing={listing} project={project} {...actions} />
      </div>
    </li>
  );
}
