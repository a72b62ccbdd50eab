import type { DriveFile, DriveSort, DriveUsage } from '@wharf/contract';

export type { DriveFile, DriveSort, DriveUsage };

/** What the drive's components need of a file to show it (a chat attachment may carry only these). */
export type DriveFileView = Pick<
  DriveFile,
  'id' | 'name' | 'type' | 'size' | 'status' | 'altText' | 'preview' | 'width' | 'height'
>;
