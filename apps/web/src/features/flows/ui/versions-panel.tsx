import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Loading } from '../../../ui/Loading';
import { Tag } from '../../../ui/Tag';
import { errorMessage } from '../../forms/form-errors';
import { when } from '../../storefront/format';
import type { FlowVersion } from '../api/flows';
import { countWords, triggerWords, type FlowNames } from '../flow-words';

/** The published versions, newest first: when, by whom, which is live, and a way back to each. */
export function VersionsPanel({
  versions,
  names,
  onRestore,
}: {
  versions: { isPending: boolean; isError: boolean; error: unknown; data?: FlowVersion[] | undefined };
  names: FlowNames;
  /** Without flows.manage there is nothing to restore. */
  onRestore?: ((version: FlowVersion) => void) | undefined;
}) {
  return (
    <section aria-labelledby="flow-versions" className="grid content-start gap-3">
      <h2 id="flow-versions" className="text-base font-semibold">
        Versions
      </h2>
      {versions.isPending ? (
        <Loading label="Loading the versions…" />
      ) : versions.isError || !versions.data ? (
        <Alert tone="danger">{errorMessage(versions.error)}</Alert>
      ) : versions.data.length === 0 ? (
        <p className="text-sm text-muted">Nothing published yet. Publishing the draft makes version 1.</p>
      ) : (
        <ol aria-label="Published versions" className="grid gap-2">
          {versions.data.map((version) => (
            <li
              key={version.version}
              aria-label={`Version ${version.version}`}
              className="grid gap-1 rounded-xl border border-border bg-surface p-3"
            >
              <span className="flex flex-wrap items-center gap-2">
                <span className="font-medium">Version {version.version}</span>
                {version.live && <Tag tone="success">Live</Tag>}
              </span>
              <span className="text-xs text-muted">
                Published <time dateTime={version.publishedAt}>{when(version.publishedAt)}</time> by{' '}
                {version.publishedBy?.name ?? 'a deleted account'}
              </span>
              <span className="text-sm break-words">
                {triggerWords(version.trigger, names)} · {countWords(version.steps.length, 'step', 'steps')}
              </span>
              {onRestore && (
                <div>
                  <Button
                    variant="ghost"
                    size="small"
                    aria-label={`Restore version ${version.version} to the draft`}
                    onClick={() => onRestore(version)}
                  >
                    Restore to draft
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
