import { DRAFT_MERGE_TAGS } from '@wharf/contract';
import { CopyButton } from '../../../ui/CopyButton';

/**
 * The merge tags a draft can use, each with a copy button: written into the subject, preheader or
 * body, they become each subscriber's own values when the mail is sent.
 */
export function DraftMergeTags() {
  return (
    <details className="rounded-xl border border-border bg-surface p-3 text-sm sm:p-4">
      <summary className="cursor-pointer font-medium">Merge tags</summary>
      <p className="mt-2 text-muted">
        Write these anywhere in the mail to fill in each subscriber’s details. Filters change a value:{' '}
        <code className="font-mono text-xs">| default: "there"</code> stands in for an empty one,{' '}
        <code className="font-mono text-xs">| upcase</code> capitalises it. Logic such as{' '}
        <code className="font-mono text-xs">{'{% if subscriber.attributes.vip %}…{% endif %}'}</code> works too.
      </p>
      <ul aria-label="Merge tags" className="mt-3 grid gap-2">
        {DRAFT_MERGE_TAGS.map(({ tag, description }) => (
          <li key={tag} className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <code className="rounded bg-surface-raised px-1.5 py-0.5 font-mono text-xs break-all">{tag}</code>
            <CopyButton text={tag} label="Copy" aria-label={`Copy ${tag}`} />
            <span className="basis-full text-xs text-muted">{description}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}
