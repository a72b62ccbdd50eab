/** Hands a file to the browser as a download (an object URL on a temporary link, revoked after). */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL is no longer needed once it has been read.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A safe file name part: "INV-2026-0001" stays, slashes and spaces do not. */
export function fileSafe(text: string): string {
  return text.replace(/[^A-Za-z0-9._-]+/g, '-');
}

/** `INV-2026-0001.pdf`, whether or not the number already starts with INV-. */
export function invoiceFileName(number: string, ext = 'pdf'): string {
  const safe = fileSafe(number);
  return `${/^INV-/i.test(safe) ? safe : `INV-${safe}`}.${ext}`;
}

export interface StreamProgress {
  bytes: number;
  /** Complete lines received, less the CSV's header line. */
  rows: number;
}

export interface StreamExportOptions {
  /** `/v1/billing/transactions/export?project=…` */
  url: string;
  body: unknown;
  /** The bearer token for the service API (the token store's, as the API client uses). */
  token: string;
  signal: AbortSignal;
  onProgress: (progress: StreamProgress) => void;
  /** The network; the global fetch unless told (tests). */
  fetch?: typeof fetch;
}

/** The server's refusal of an export, with its own message when it sent one. */
export class ExportError extends Error {
  override readonly name = 'ExportError';
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
  ) {
    super(message);
  }
}

const NEWLINE = 10;

/**
 * POSTs an export and reads its streamed CSV chunk by chunk, reporting bytes and rows as they
 * arrive (a million-row export takes a while; the generated client would only hand back the whole
 * Blob at the end). Aborting the signal cancels the request and the read.
 */
export async function streamExport(options: StreamExportOptions): Promise<Blob> {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const response = await doFetch(options.url, {
    method: 'POST',
    headers: {
      accept: 'text/csv',
      'content-type': 'application/json',
      authorization: `Bearer ${options.token}`,
    },
    body: JSON.stringify(options.body ?? {}),
    signal: options.signal,
    credentials: 'same-origin',
  });
  if (!response.ok) {
    let message = `The export failed (status ${response.status}).`;
    let code: string | undefined;
    try {
      const body = (await response.json()) as { message?: unknown; code?: unknown };
      if (typeof body.message === 'string' && body.message) message = body.message;
      if (typeof body.code === 'string') code = body.code;
    } catch {
      // No JSON body: the status says it.
    }
    throw new ExportError(message, response.status, code);
  }
  const type = response.headers.get('content-type') ?? 'text/csv';
  if (!response.body) {
    // No stream to read (an old browser): the whole answer at once.
    const text = await response.text();
    const blob = new Blob([text], { type });
    options.onProgress({ bytes: blob.size, rows: Math.max(0, text.split('\n').filter(Boolean).length - 1) });
    return blob;
  }
  const reader = response.body.getReader();
  // A fetch ties its body to the signal; cancelling the reader too makes sure a pending read ends.
  const cancel = () => void reader.cancel().catch(() => undefined);
  options.signal.addEventListener('abort', cancel, { once: true });
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  let lines = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      bytes += value.byteLength;
      for (const byte of value) if (byte === NEWLINE) lines++;
      options.onProgress({ bytes, rows: Math.max(0, lines - 1) });
    }
    options.signal.throwIfAborted();
  } finally {
    options.signal.removeEventListener('abort', cancel);
    reader.releaseLock();
  }
  return new Blob(chunks as BlobPart[], { type });
}

/** "1.2 MB" */
export function formatBytes(bytes: number, locale?: string): string {
  // Intl's short "byte" has no plural ("18 byte"); under a kilobyte the word is written out.
  if (bytes < 1000) return `${new Intl.NumberFormat(locale).format(bytes)} ${bytes === 1 ? 'byte' : 'bytes'}`;
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}
