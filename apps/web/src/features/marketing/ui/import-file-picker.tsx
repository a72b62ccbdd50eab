import { useId, useRef, useState, type DragEvent } from 'react';
import { Button } from '../../../ui/Button';
import { cx } from '../../../ui/cx';

/** The largest file the server takes (IMPORT_FILE_MAX_BYTES), checked here first to save a long upload. */
export const IMPORT_FILE_MAX_MB = 200;

/**
 * Step 1: a CSV file, dropped on the zone or chosen with the button (a phone has no dragging). A
 * file over the limit is refused here; anything else is for the server to read.
 */
export function ImportFilePicker({
  onFile,
  busy,
  error,
}: {
  onFile: (file: File) => void;
  busy: boolean;
  error?: string | undefined;
}) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [dragging, setDragging] = useState(false);
  const [tooLarge, setTooLarge] = useState<string>();

  const take = (file: File | undefined) => {
    if (!file || busy) return;
    if (file.size > IMPORT_FILE_MAX_MB * 1024 * 1024) {
      setTooLarge(`${file.name} is larger than ${IMPORT_FILE_MAX_MB} MB: split it in parts and import each.`);
      return;
    }
    setTooLarge(undefined);
    onFile(file);
  };
  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files[0]);
  };
  const problem = tooLarge ?? error;

  return (
    <div className="grid gap-3">
      <div
        data-testid="import-drop-zone"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        className={cx(
          'grid justify-items-center gap-3 rounded-lg border-2 border-dashed p-6 text-center sm:p-10',
          dragging ? 'border-primary bg-primary-soft' : 'border-border',
        )}
      >
        <p className="font-medium">Drop a CSV file here</p>
        <p id={hintId} className="text-sm text-muted">
          One subscriber per line, with a header row naming the columns (for example email, name). Up to{' '}
          {IMPORT_FILE_MAX_MB} MB.
        </p>
        <Button onClick={() => input.current?.click()} disabled={busy} aria-describedby={hintId}>
          {busy ? 'Uploading…' : 'Choose a CSV file'}
        </Button>
        <input
          ref={input}
          type="file"
          accept=".csv,text/csv"
          className="sr-only"
          aria-label="CSV file"
          tabIndex={-1}
          onChange={(event) => {
            take(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </div>
      {problem && (
        <p role="alert" className="text-sm text-danger">
          {problem}
        </p>
      )}
    </div>
  );
}
