import { useId, useState, type FormEvent } from 'react';
import { Badge, SettingsSection } from '../../accounts/ui/SettingsSection';
import { errorMessage } from '../../forms/form-errors';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';
import { usePlatformSettingsMutations, type PlatformSettings } from '../settings-api';
import { RemoveDomainDialog } from './RemoveDomainDialog';

const LAST_DOMAIN = 'A platform needs at least one domain to be reached: add another before removing this one.';

/**
 * The platform's own domains in order (decision 036): moving one sends the whole new order (the
 * first is canonical), adding puts one last, removing asks first and is closed for the last one.
 */
export function PlatformDomains({ project, settings }: { project: string | undefined; settings: PlatformSettings }) {
  const { update, addDomain, removeDomain } = usePlatformSettingsMutations(project);
  const [domain, setDomain] = useState('');
  const [removing, setRemoving] = useState<string | null>(null);
  const lastId = useId();
  const domains = settings.domains;

  const move = (from: number, to: number) => {
    const order = [...domains];
    [order[from], order[to]] = [order[to]!, order[from]!];
    update.mutate({ domains: order });
  };

  const add = (event: FormEvent) => {
    event.preventDefault();
    if (addDomain.isPending || domain.trim() === '') return;
    addDomain.mutate(domain, { onSuccess: () => setDomain('') });
  };

  return (
    <SettingsSection
      title="Domains"
      description="The addresses that open this platform. The first domain is where people are sent from an unknown address, and projects get their addresses under it."
    >
      <div className="grid gap-5">
        {update.isError && <Alert tone="danger">{errorMessage(update.error)}</Alert>}
        <ol aria-label="Platform domains" className="grid gap-2">
          {domains.map((d, i) => (
            <li
              key={d}
              aria-label={d}
              className="flex flex-wrap items-center gap-2 rounded-lg border border-border px-3 py-2.5"
            >
              <span className="min-w-0 flex-1 font-medium break-all">{d}</span>
              {i === 0 && <Badge tone="success">Canonical</Badge>}
              <div className="flex flex-wrap gap-2">
                <Button
                  variant="secondary"
                  size="small"
                  onClick={() => move(i, i - 1)}
                  disabled={i === 0 || update.isPending}
                  aria-label={`Move ${d} up`}
                >
                  Up
                </Button>
                <Button
                  variant="secondary"
                  size="small"
                  onClick={() => move(i, i + 1)}
                  disabled={i === domains.length - 1 || update.isPending}
                  aria-label={`Move ${d} down`}
                >
                  Down
                </Button>
                <Button
                  variant="secondary"
                  size="small"
                  onClick={() => setRemoving(d)}
                  disabled={domains.length === 1}
                  aria-label={`Remove ${d}`}
                  aria-describedby={domains.length === 1 ? lastId : undefined}
                >
                  Remove
                </Button>
              </div>
            </li>
          ))}
        </ol>
        {domains.length === 1 && (
          <p id={lastId} className="text-sm text-muted">
            {LAST_DOMAIN}
          </p>
        )}
        <form onSubmit={add} className="flex flex-wrap items-end gap-3" aria-label="Add a platform domain">
          <div className="min-w-[min(16rem,100%)] flex-1">
            <TextField
              label="Domain"
              name="domain"
              placeholder="console.example.com"
              autoComplete="off"
              spellCheck={false}
              value={domain}
              onChange={(event) => {
                setDomain(event.target.value);
                addDomain.reset();
              }}
              error={addDomain.isError ? errorMessage(addDomain.error) : undefined}
              required
            />
          </div>
          <Button type="submit" disabled={addDomain.isPending || domain.trim() === ''} className="w-full xs:w-auto">
            {addDomain.isPending ? 'Adding…' : 'Add domain'}
          </Button>
        </form>
      </div>
      <RemoveDomainDialog domain={removing} removal={removeDomain} onClose={() => setRemoving(null)}>
        {removing === domains[0]
          ? `People opening ${removing} no longer reach the platform, and ${domains[1] ?? 'the next domain'} becomes the first, where people are sent from an unknown address.`
          : `People opening ${removing ?? 'it'} no longer reach the platform. You can add it again later.`}
      </RemoveDomainDialog>
    </SettingsSection>
  );
}
