import { AppError, notFound } from '../../core/errors.js';

export const fileNotFound = () => notFound('There is no such file in this project.', 'FILE_NOT_FOUND');

export const driveNotInstalled = () =>
  new AppError(403, 'MODULE_NOT_INSTALLED', 'Install the Drive module in this project to keep files here.');

const megabytes = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(1)} MB`;

export const quotaExceeded = (needed: number, free: number) =>
  new AppError(
    413,
    'QUOTA_EXCEEDED',
    `This file needs ${megabytes(needed)} but the project has ${megabytes(Math.max(0, free))} left in its drive.`,
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
