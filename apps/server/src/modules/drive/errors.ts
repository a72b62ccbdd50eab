import { AppError, notFound } from '../../core/errors.js';

export const fileNotFound = () => notFound('There is no such file in this project.', 'FILE_NOT_FOUND');

export const driveNotInstalled = () =>
  new AppError(403, 'MODULE_NOT_INSTALLED', 'Install the Drive module in this project to keep files here.');

/**
 * A size in whole units (1,024s, as the console shows them), rounded the way that keeps the sentence
 * true: what a file needs up, what is left down. No decimal point: the console's error text reads a
 * dot between digits as the end of a sentence.
 */
function sizeText(bytes: number, round: (value: number) => number): string {
  for (const [unit, size] of [
    ['GB', 1024 ** 3],
    ['MB', 1024 ** 2],
    ['KB', 1024],
  ] as const) {
    if (bytes >= size) return `${round(bytes / size)} ${unit}`;
  }
  return `${bytes} bytes`;
}

export const quotaExceeded = (needed: number, free: number) =>
  new AppError(
    413,
    'QUOTA_EXCEEDED',
    `This file needs ${sizeText(needed, Math.ceil)} but the project has ${sizeText(Math.max(0, free), Math.floor)} left in its drive.`,
  );

export const sizeMismatch = (declared: number, received: string) =>
  new AppError(
    400,
    'SIZE_MISMATCH',
    `The file was declared as ${declared} bytes but ${received} were sent. Create it again with its real size.`,
  );

export const typeMismatch = (declared: string, found: string) =>
  new AppError(400, 'TYPE_MISMATCH', `The file was declared as ${declared} but its bytes are ${found}.`);

export const bytesExpected = () =>
  new AppError(
    415,
    'UNSUPPORTED_MEDIA_TYPE',
    "Send the file's bytes as the request body, as application/octet-stream.",
  );

export const rangeNotSatisfiable = () =>
  new AppError(416, 'RANGE_NOT_SATISFIABLE', 'The range asked for is not within the file.');

export const lengthRequired = () =>
  new AppError(
    411,
    'LENGTH_REQUIRED',
    "Give the new bytes' Content-Length: the file has bytes, and these replace them.",
  );
