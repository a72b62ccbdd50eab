import { useEffect, useId, useRef } from 'react';
import { Alert } from '../../../../ui/Alert';
import { Button } from '../../../../ui/Button';
import { CopyButton } from '../../../../ui/CopyButton';
import type { CreatedAuthKey } from '../api/auth-keys';

/** The command that proves a key works: reading the project it belongs to. */
export function curlExample(secret: string, origin: string, project: string): string {
  return `curl -H "Authorization: Bearer ${secret}" ${origin}/v1/projects/${project}`;
}

/**
 * The new key's secret, shown this once: the server keeps only its hash. Focus comes here when it
 * appears, and closing the panel forgets the secret for good.
 */
export function SecretPanel({
  created,
  project,
  onClose,
}: {
  created: CreatedAuthKey;
  project: string;
  onClose: () => void;
}) {
  const titleId = useId();
  const secretId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const curl = curlExample(created.secret, window.location.origin, project);
  const canReadProject = created.key.permissions.includes('projects.read');

  useEffect(() => {
    heading.current?.focus();
    heading.current?.scrollIntoView?.({ block: 'center' });
  }, []);

  return (
    <section
      aria-labelledby={titleId}
      className="grid gap-4 rounded-xl border-2 border-warning bg-surface p-5 shadow-xs sm:p-6"
    >
      <h2 id={titleId} ref={heading} tabIndex={-1} className="text-base font-semibold focus-visible:outline-none">
        API key “{created.key.name}” created
      </h2>
      <Alert tone="warning" title="Copy the secret now. You won't see it again.">
        Wharf keeps only a fingerprint of it. If it is lost, revoke this key and create another one.
      </Alert>
      <div>
        <label htmlFor={secretId} className="text-sm font-medium">
          Secret
        </label>
        <div className="mt-1.5 flex flex-col gap-2 sm:flex-row sm:items-center">
          <input
            id={secretId}
            readOnly
            value={created.secret}
            spellCheck={false}
            onFocus={(event) => event.target.select()}
            className="block w-full min-w-0 rounded-md border border-border bg-surface-raised px-3 py-2 font-mono text-sm text-text focus-visible:outline-2 focus-visible:outline-focus"
          />
          <CopyButton text={created.secret} label="Copy secret" className="shrink-0 py-2!" />
        </div>
      </div>
      <div>
        <p className="text-sm font-medium">Try it</p>
        <pre className="mt-1.5 overflow-x-auto rounded-md bg-surface-raised px-3 py-2.5 font-mono text-xs/5 whitespace-pre-wrap break-all">
          <code>{curl}</code>
        </pre>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <CopyButton text={curl} label="Copy command" />
          {!canReadProject && (
            <p className="text-xs text-muted">
              This key doesn&apos;t carry projects.read, so this call answers 403 Forbidden: that still proves the key
              is recognised.
            </p>
          )}
        </div>
      </div>
      <div className="flex justify-end">
        <Button onClick={onClose}>I&apos;ve stored it safely</Button>
      </div>
    </section>
  );
}
