import type { DriveFile } from '@wharf/contract';

/**
 * The address anyone can open a public file at, signed in or not:
 * `GET /v1/drive/public/{project}/files/{file}?v={version}`. Naming the version lets browsers and
 * caches keep it for a year; new bytes get a new version, so the link of the old ones stays right.
 */
export function publicFileUrl(
  file: Pick<DriveFile, 'id' | 'projectId' | 'version'>,
  origin: string = window.location.origin,
): string {
  const path = `/v1/drive/public/${encodeURIComponent(file.projectId)}/files/${encodeURIComponent(file.id)}`;
  return `${origin}${path}?v=${file.version}`;
}
