import type { DraftBlock, DraftBlockType } from '@wharf/contract';
import { Button } from '../../../ui/Button';
import { TextAreaField } from '../../../ui/TextAreaField';
import { TextField } from '../../../ui/TextField';

/** What each kind of block is called, and what a new one starts with. */
const BLOCK_KINDS: Record<DraftBlockType, { label: string; empty: DraftBlock }> = {
  heading: { label: 'Heading', empty: { type: 'heading', text: '' } },
  text: { label: 'Text', empty: { type: 'text', markdown: '' } },
  button: { label: 'Button', empty: { type: 'button', label: 'Shop now', url: '' } },
  image: { label: 'Image', empty: { type: 'image', url: '', alt: '' } },
  divider: { label: 'Divider', empty: { type: 'divider' } },
};
const KINDS = Object.keys(BLOCK_KINDS) as DraftBlockType[];

/** The most blocks a draft may have (DRAFT_BLOCKS_MAX). */
const BLOCKS_MAX = 100;

function move<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/**
 * A body written in blocks: each block's fields, moved up and down or removed, and a row of buttons
 * adding one of each kind at the end. `errors` are by path (`blocks.2.url`), as the server names them.
 */
export function DraftBlocksEditor({
  blocks,
  onChange,
  errors,
  disabled,
}: {
  blocks: DraftBlock[];
  onChange: (blocks: DraftBlock[]) => void;
  errors: Record<string, string>;
  disabled: boolean;
}) {
  const replace = (index: number, block: DraftBlock) => onChange(blocks.map((b, i) => (i === index ? block : b)));
  return (
    <div className="grid gap-3">
      {blocks.length === 0 && (
        <p className="text-sm text-muted">No blocks yet: add a heading, some text or a button.</p>
      )}
      <ol aria-label="Blocks" className="grid gap-3">
        {blocks.map((block, index) => {
          const name = `${BLOCK_KINDS[block.type].label} block ${index + 1}`;
          const error = (field: string) => errors[`blocks.${index}.${field}`];
          return (
            <li key={index} aria-label={name} className="grid gap-3 rounded-lg border border-border bg-surface p-3">
              <div className="flex flex-wrap items-center gap-2">
                <span className="text-sm font-medium">{name}</span>
                <span className="ml-auto flex flex-wrap gap-1">
                  <Button
                    variant="ghost"
                    size="small"
                    aria-label={`Move ${name} up`}
                    disabled={disabled || index === 0}
                    onClick={() => onChange(move(blocks, index, index - 1))}
                  >
                    Up
                  </Button>
                  <Button
                    variant="ghost"
                    size="small"
                    aria-label={`Move ${name} down`}
                    disabled={disabled || index === blocks.length - 1}
                    onClick={() => onChange(move(blocks, index, index + 1))}
                  >
                    Down
                  </Button>
                  <Button
                    variant="ghost"
                    size="small"
                    aria-label={`Remove ${name}`}
                    disabled={disabled}
                    onClick={() => onChange(blocks.filter((_, i) => i !== index))}
                  >
                    Remove
                  </Button>
                </span>
              </div>
              <BlockFields block={block} onChange={(next) => replace(index, next)} error={error} disabled={disabled} />
            </li>
          );
        })}
      </ol>
      <div role="group" aria-label="Add a block" className="flex flex-wrap items-center gap-2">
        <span className="text-sm text-muted">Add</span>
        {KINDS.map((kind) => (
          <Button
            key={kind}
            variant="secondary"
            size="small"
            disabled={disabled || blocks.length >= BLOCKS_MAX}
            onClick={() => onChange([...blocks, BLOCK_KINDS[kind].empty])}
          >
            {BLOCK_KINDS[kind].label}
          </Button>
        ))}
      </div>
    </div>
  );
}

/** A button's link or an image's address: an http(s) address, checked by the server as the mail is rendered. */
function UrlField({
  label,
  value,
  disabled,
  error,
  onChange,
}: {
  label: string;
  value: string;
  disabled: boolean;
  error: string | undefined;
  onChange: (url: string) => void;
}) {
  return (
    <TextField
      label={label}
      type="url"
      placeholder="https://…"
      value={value}
      maxLength={2000}
      disabled={disabled}
      error={error}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

function BlockFields({
  block,
  onChange,
  error,
  disabled,
}: {
  block: DraftBlock;
  onChange: (block: DraftBlock) => void;
  error: (field: string) => string | undefined;
  disabled: boolean;
}) {
  switch (block.type) {
    case 'heading':
      return (
        <TextField
          label="Heading"
          value={block.text}
          maxLength={500}
          disabled={disabled}
          error={error('text')}
          onChange={(event) => onChange({ ...block, text: event.target.value })}
        />
      );
    case 'text':
      return (
        <TextAreaField
          label="Text (Markdown)"
          rows={5}
          value={block.markdown}
          maxLength={20_000}
          disabled={disabled}
          error={error('markdown')}
          onChange={(event) => onChange({ ...block, markdown: event.target.value })}
        />
      );
    case 'button':
      return (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label="Button text"
            value={block.label}
            maxLength={100}
            disabled={disabled}
            error={error('label')}
            onChange={(event) => onChange({ ...block, label: event.target.value })}
          />
          <UrlField
            label="Link"
            value={block.url}
            disabled={disabled}
            error={error('url')}
            onChange={(url) => onChange({ ...block, url })}
          />
        </div>
      );
    case 'image':
      return (
        <div className="grid gap-3 sm:grid-cols-2">
          <UrlField
            label="Image address"
            value={block.url}
            disabled={disabled}
            error={error('url')}
            onChange={(url) => onChange({ ...block, url })}
          />
          <TextField
            label="Description (for screen readers and blocked images)"
            value={block.alt}
            maxLength={500}
            disabled={disabled}
            error={error('alt')}
            onChange={(event) => onChange({ ...block, alt: event.target.value })}
          />
        </div>
      );
    case 'divider':
      return <p className="text-xs text-muted">A line across the mail.</p>;
  }
}
