import { useState } from 'react';
import { errorMessage } from '../../forms/form-errors';
import { useDownloadFile } from '../../drive/api/download-file';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { isFinished, useExportProgress, useStartExport, type ExportRequest } from '../api/exports';

/**
 * "Export": starts a CSV export in the background, shows its progress (asked every second) and,
 * once done, offers the drive file as a download; a failure says why and may be tried again.
 * `request` is made when the button is pressed, from the list's filters at that moment.
 */
export function ExportPanel({
  project,
  label = 'Export',
  request,
  what,
}: {
  project: string;
  label?: string;
  request: () => ExportRequest;
  /** "orders", "customers": said in the progress. */
  what: string;
}) {
  const start = useStartExport(project);
  const [started, setStarted] = useState<Awaited<ReturnType<typeof start.mutateAsync>>>();
  const progress = useExportProgress(project, started);
  const download = useDownloadFile(project);
  const job = progress.data ?? started;
  const running = Boolean(job) && !isFinished(job);

  const begin = () => {
    setStarted(undefined);
    download.reset();
    start.mutate(request(), { onSuccess: (answer) => setStarted(answer) });
  };

  return (
    <div className="grid justify-items-start gap-2 sm:justify-items-end">
      <Button
        variant="secondary"
        onClick={begin}
        disabled={start.isPending || running}
        aria-busy={start.isPending || running || undefined}
      >
        {start.isPending ? 'Starting export…' : label}
      </Button>
      <div aria-live="polite" className="grid justify-items-start gap-2 text-sm sm:justify-items-end">
        {start.isError && (
          <Alert tone="danger" title="The export could not start">
            {errorMessage(start.error)}
          </Alert>
        )}
        {job && running && (
          <>
            <p className="text-muted">
              {job.total === null
                ? `Exporting ${what}…`
                : `Exporting ${what}: ${job.rows.toLocaleString()} of ${job.total.toLocaleString()} rows`}
            </p>
            <progress
              className="h-2 w-48"
              aria-label={`Export of ${what}`}
              max={job.total ?? undefined}
              value={job.total === null ? undefined : job.rows}
            />
          </>
        )}
        {progress.isError && (
          <p className="text-danger">The export’s progress could not be loaded: {errorMessage(progress.error)}</p>
        )}
        {job?.status === 'done' && job.fileId && (
          <div className="flex flex-wrap items-center gap-2">
            <span>
              {job.fileName} is ready ({job.rows.toLocaleString()} {job.rows === 1 ? 'row' : 'rows'}).
            </span>
            <Button
              size="small"
              onClick={() => download.mutate({ id: job.fileId!, name: job.fileName })}
              disabled={download.isPending}
              aria-busy={download.isPending || undefined}
            >
              {download.isPending ? 'Downloading…' : 'Download'}
            </Button>
          </div>
        )}
        {download.isError && <p className="text-danger">{errorMessage(download.error)}</p>}
        {job?.status === 'failed' && (
          <Alert tone="danger" title="The export failed">
            {job.failure ?? 'Something went wrong while writing the file. Try again.'}
          </Alert>
        )}
      </div>
    </div>
  );
}
