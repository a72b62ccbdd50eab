import { randomUUID } from 'node:crypto';
import { pipeline, Transform, type Readable } from 'node:stream';
import { AppError } from '../../../core/errors.js';
import type { ObjectStore } from '../../../core/storage/object-store.js';
import { detectDelimiter, HEAD_BYTES, readHead, type CsvHead } from './csv-reading.js';

/** Where an import's file waits for its job: under the project, so it goes with the project. */
export const importObjectKey = (projectId: string, importId: string) =>
  `projects/${projectId}/mail-imports/${importId}.csv`;

const badFile = (message: string) => new AppError(400, 'INVALID_CSV', message);

export interface ReceivedCsv extends CsvHead {
  importId: string;
  objectKey: string;
  size: number;
}

/**
 * Streams an uploaded file into the store (counted, its start kept to tell the delimiter, never held
 * whole), then reads its header and first rows back from there. An empty file, a binary one (a NUL
 * byte: a workbook, an image) or one without a header row is refused and nothing is kept.
 */
export async function receiveCsv(store: ObjectStore, projectId: string, body: Readable): Promise<ReceivedCsv> {
  const importId = randomUUID();
  const objectKey = importObjectKey(projectId, importId);
  let size = 0;
  const headParts: Buffer[] = [];
  let headLength = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (headLength < HEAD_BYTES) {
        const part = chunk.subarray(0, HEAD_BYTES - headLength);
        headParts.push(Buffer.from(part));
        headLength += part.length;
      }
      done(null, chunk);
    },
  });
  pipeline(body, counter, () => {});
  await store.put(objectKey, counter, { contentType: 'text/csv' });
  try {
    const head = Buffer.concat(headParts);
    if (
      size === 0 ||
      head
        .toString('utf8')
        .trim()
        .replace(/^\uFEFF/, '') === ''
    ) {
      throw badFile('The file is empty: choose a CSV file with a header row and one subscriber per line.');
    }
    if (head.includes(0)) {
      throw badFile(
        'This is not a CSV text file (a spreadsheet workbook?). Save it as CSV (comma or semicolon separated) and upload that.',
      );
    }
    const delimiter = detectDelimiter(head.toString('utf8'));
    const read = await readHead(await store.get(objectKey), delimiter);
    if (!read) throw badFile('The first line could not be read as CSV: it should name the columns, e.g. email,name.');
    if (read.columns.some((column) => column.includes('@'))) {
      throw badFile(
        'The first line holds an email address, not column names: add a header row (e.g. email,name) and upload it again.',
      );
    }
    return { importId, objectKey, size, ...read };
  } catch (error) {
    await store.delete(objectKey);
    throw error;
  }
}
