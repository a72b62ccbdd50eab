import type { DriveFile, DriveSort, DriveSyncStatus } from '@wharf/contract';
import { apiError, fakeProject, json, projectPageApi, type FakeCall, type FakeRoutes } from '../../test/fake-api';
import { fileKind } from './file-kinds';

/** The project of the drive tests: Drive installed. */
export const driveProject = fakeProject(1, { integrations: [{ code: 'core' }, { code: 'drive' }] });
export const P = driveProject.id;
export const DRIVE_PAGE = `/modules/drive?project=${P}`;
export const QUOTA = 1024 ** 3;

/** A file of the drive: a ready PNG image unless told otherwise, the nth made, a day apart. */
export function driveFileFixture(n: number, fields: Partial<DriveFile> = {}): DriveFile {
  const at = new Date(Date.UTC(2026, 10, n, 9, 0, 0)).toISOString();
  return {
    id: `d0000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    projectId: P,
    name: `photo-${n}.png`,
    folder: '',
    type: 'image/png',
    size: 2048 * n,
    status: 'ready',
    version: 1,
    etag: `"etag-${n}"`,
    width: 640,
    height: 480,
    tags: [],
    altText: '',
    custom: {},
    public: false,
    uploadedBy: null,
    preview: null,
    createdAt: at,
    updatedAt: at,
    uploadedAt: at,
    ...fields,
  };
}

/** A preview as the server signs it: webp and jpg srcsets at two widths, good for an hour. */
export function previewFixture(id: string, expiresAt = new Date(Date.now() + 3_600_000).toISOString()) {
  const at = (type: string, width: number) => `/v1/drive/images/${id}?type=${type}&width=${width}&signature=s`;
  return {
    src: at('jpg', 640),
    sources: [
      { type: 'image/webp' as const, srcset: `${at('webp', 320)} 320w, ${at('webp', 640)} 640w` },
      { type: 'image/jpeg' as const, srcset: `${at('jpg', 320)} 320w, ${at('jpg', 640)} 640w` },
    ],
    expiresAt,
  };
}

const compare: Record<string, (a: DriveFile, b: DriveFile) => number> = {
  name: (a, b) => a.name.localeCompare(b.name),
  size: (a, b) => a.size - b.size,
  created: (a, b) => a.createdAt.localeCompare(b.createdAt),
  updated: (a, b) => a.updatedAt.localeCompare(b.updatedAt),
};

/** The drive's search, as far as the tests use it: words in the name, `type:`, `tag:`, `public:`. */
function matches(file: DriveFile, query: string): boolean {
  for (const term of query.split(/\s+/).filter(Boolean)) {
    const [key, value] = term.includes(':') ? (term.split(':', 2) as [string, string]) : ['', term];
    if (key === 'type' && fileKind(file.type) !== value) return false;
    if (key === 'tag' && !file.tags.includes(value)) return false;
    if (key === 'public' && String(file.public) !== value) return false;
    if (key === '' && !file.name.toLowerCase().includes(value.toLowerCase())) return false;
  }
  return true;
}

const TYPES = ['image', 'video', 'audio', 'pdf', 'text', 'archive', 'other'];

export interface DriveApiOptions {
  files?: DriveFile[];
  /** What the user holds in the project. */
  held?: string[];
  quotaBytes?: number;
  /** The Drive module is not installed: every drive call answers 403 MODULE_NOT_INSTALLED. */
  notInstalled?: boolean;
  /** Answers that win over the fake drive's, keyed `METHOD /path`. */
  routes?: FakeRoutes;
}

/**
 * The drive's API over a list of files it keeps as the server would: paged lists in the asked
 * order and search, create (413 QUOTA_EXCEEDED past the quota), metadata changes, deletes, and the
 * usage. Bytes arrive by XMLHttpRequest (FakeUploads), which calls `receive`.
 */
export function driveApi(options: DriveApiOptions = {}) {
  const files = new Map((options.files ?? []).map((file) => [file.id, file]));
  const quotaBytes = options.quotaBytes ?? QUOTA;
  let made = 100;
  const used = () => [...files.values()].filter((f) => f.status === 'ready').reduce((sum, f) => sum + f.size, 0);
  const notInstalled = () =>
    apiError(403, 'MODULE_NOT_INSTALLED', 'Install the Drive module in this project to keep files here.');

  const list = (call: FakeCall) => {
    const query = new URL(call.url, 'http://console.test').searchParams;
    const search = query.get('query') ?? '';
    const bad = [...search.matchAll(/type:(\S+)/g)].find((m) => !TYPES.includes(m[1]!));
    if (bad)
      return apiError(
        400,
        'INVALID_SEARCH',
        `Unknown type "${bad[1]}" in the search. Use image, video, audio, pdf, text, archive, other.`,
      );
    const sortBy = (query.get('sortBy') ?? '-created') as DriveSort;
    const by = compare[sortBy.replace('-', '')]!;
    const sorted = [...files.values()]
      .filter((file) => matches(file, search))
      .sort((a, b) => (sortBy.startsWith('-') ? by(b, a) : by(a, b)));
    const size = Number(query.get('pageSize') ?? 20);
    const start = Number(query.get('pageToken') ?? 0);
    const items = sorted.slice(start, start + size);
    return json(200, { items, nextPageToken: start + size < sorted.length ? String(start + size) : null });
  };

  const status = (): DriveSyncStatus => ({
    cursor: 1,
    usage: { projectId: P, quotaBytes, usedBytes: used(), fileCount: files.size, storageClass: 'standard' },
    lastChange: null,
  });

  const routes: FakeRoutes = {
    'GET /v1/drive/metadata': list,
    'GET /v1/drive/sync/status': () => json(200, status()),
    'POST /v1/drive/files': (call) => {
      const body = call.body as { name: string; type: string; size: number };
      if (used() + body.size > quotaBytes)
        return apiError(
          413,
          'QUOTA_EXCEEDED',
          `This file needs ${(body.size / 1024 ** 2).toFixed(1)} MB but the project has ${((quotaBytes - used()) / 1024 ** 2).toFixed(1)} MB left in its drive.`,
        );
      const file = driveFileFixture(++made, {
        name: body.name,
        type: body.type,
        size: body.size,
        status: 'pending',
        version: 0,
        width: null,
        height: null,
        createdAt: new Date(Date.UTC(2026, 11, 1) + made * 1000).toISOString(),
      });
      files.set(file.id, file);
      return json(201, {
        file,
        upload: {
          method: 'POST',
          url: `/v1/drive/files/${file.id}?project=${P}`,
          headers: { 'content-type': 'application/octet-stream' },
        },
      });
    },
  };

  const byId = /^\/v1\/drive\/(files|metadata)\/([0-9a-f-]{36})$/;
  const base = projectPageApi(
    options.held ?? ['drive.read', 'drive.write'],
    { ...routes, ...options.routes },
    driveProject,
  );

  const fetch: typeof globalThis.fetch = async (input, init = {}) => {
    const url = String(input);
    const path = url.split('?')[0]!;
    const method = (init.method ?? 'GET').toUpperCase();
    const override = options.routes?.[`${method} ${path}`];
    if (path.startsWith('/v1/drive/') && options.notInstalled && override === undefined) {
      base.calls.push({ method, url, path, headers: new Headers(init.headers), body: undefined });
      return notInstalled();
    }
    const one = byId.exec(path);
    if (one && override === undefined) {
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      base.calls.push({ method, url, path, headers: new Headers(init.headers), body });
      const file = files.get(one[2]!);
      if (!file) return apiError(404, 'FILE_NOT_FOUND', 'There is no such file in this project.');
      if (method === 'DELETE') {
        files.delete(file.id);
        return new Response(null, { status: 204 });
      }
      if (method === 'PATCH') {
        const changed = { ...file, ...(body as Partial<DriveFile>), updatedAt: new Date().toISOString() };
        files.set(file.id, changed);
        return json(200, changed);
      }
      if (method === 'GET' && one[1] === 'files')
        return new Response(new Blob([`bytes of ${file.name}`], { type: file.type }), { status: 200 });
      return json(200, file);
    }
    return base.fetch(input, init);
  };

  /** The bytes of a created file arrive (FakeUploads): a mismatch is refused as the server does. */
  const receive = (url: string, bytes: Blob): { status: number; body: unknown } => {
    const id = /\/v1\/drive\/files\/([0-9a-f-]{36})/.exec(url)?.[1];
    const file = id ? files.get(id) : undefined;
    if (!file)
      return { status: 404, body: { code: 'FILE_NOT_FOUND', message: 'There is no such file in this project.' } };
    if (bytes.size !== file.size)
      return {
        status: 400,
        body: {
          code: 'SIZE_MISMATCH',
          message: `The file was declared as ${file.size} bytes but ${bytes.size} were sent. Create it again with its real size.`,
        },
      };
    if (file.name.startsWith('fake'))
      return {
        status: 400,
        body: {
          code: 'TYPE_MISMATCH',
          message: `The file was declared as ${file.type} but its bytes are a PDF document (application/pdf).`,
        },
      };
    const ready = { ...file, status: 'ready' as const, version: 1, uploadedAt: new Date().toISOString() };
    files.set(file.id, ready);
    return { status: 200, body: ready };
  };

  return {
    ...base,
    fetch,
    files,
    receive,
    /** The queries of the list calls made, in order. */
    listQueries: () =>
      base
        .callsTo('GET /v1/drive/metadata')
        .map((call) => Object.fromEntries(new URL(call.url, 'http://t').searchParams)),
  };
}

type Receive = (url: string, bytes: Blob) => { status: number; body: unknown };

/** One XMLHttpRequest of the page, which a test answers (or `auto` answers from the fake drive). */
export class FakeXhr {
  static sent: FakeXhr[] = [];
  static receive: Receive | undefined;
  /** Answer at once from `receive`; otherwise the test answers with `progress` and `respond`. */
  static auto = true;

  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: Blob | undefined;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  aborted = false;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: Blob) {
    this.body = body;
    FakeXhr.sent.push(this);
    if (FakeXhr.auto && FakeXhr.receive) {
      const receive = FakeXhr.receive;
      setTimeout(() => {
        if (this.aborted) return;
        this.progress(body.size);
        const answer = receive(this.url, body);
        this.respond(answer.status, answer.body);
      }, 0);
    }
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  /** `loaded` bytes of the body have gone. */
  progress(loaded: number) {
    this.upload.onprogress?.({ loaded, total: this.body?.size ?? 0, lengthComputable: true } as ProgressEvent);
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
  fail() {
    this.onerror?.();
  }

  /** Puts the fake in place of the browser's (with vi.stubGlobal) and forgets earlier requests. */
  static install(stub: (name: string, value: unknown) => unknown, receive?: Receive, auto = true) {
    FakeXhr.sent = [];
    FakeXhr.receive = receive;
    FakeXhr.auto = auto;
    stub('XMLHttpRequest', FakeXhr);
  }
}

/** A file as the page picks it: `size` bytes named `name`. */
export function pickedFile(name: string, size: number, type = 'image/png'): File {
  return new File([new Uint8Array(size)], name, { type });
}
