import { fileTypeFromBuffer } from 'file-type';
import { typeFamily } from '@wharf/contract';
import { typeMismatch } from './errors.js';

/** Enough of a file's start for `file-type` to recognise any format it knows. */
export const SNIFF_BYTES = 4100;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Text: UTF-8 without NUL (the head may end inside a character, so it is read as a stream's part). */
function looksLikeText(head: Buffer): boolean {
  if (head.includes(0)) return false;
  try {
    utf8.decode(head, { stream: true });
    return true;
  } catch {
    return false;
  } finally {
    utf8.decode(); // reset the decoder's state
  }
}

const families: Record<string, string> = {
  image: 'an image',
  video: 'a video',
  audio: 'audio',
  pdf: 'a PDF document',
  text: 'text',
  archive: 'an archive',
  other: 'a file of another kind',
};

/**
 * The type a file is kept as, from its bytes (DESIGN.md: sniffed, not taken from the client).
 * A recognised format wins over what was declared, but must be of the declared family (an image
 * declared as an image): else 400 TYPE_MISMATCH. Bytes with no signature keep a declared text type
 * when they are text (SVG must hold an `<svg`); a declared binary format they do not match is refused.
 */
export async function decideType(declared: string, head: Buffer): Promise<string> {
  const family = typeFamily(declared);
  const found = await fileTypeFromBuffer(head);
  if (found) {
    const foundFamily = typeFamily(found.mime);
    if (family !== 'other' && foundFamily !== family) {
      throw typeMismatch(declared, `${families[foundFamily]} (${found.mime})`);
    }
    return found.mime;
  }
  if (head.length === 0 && family !== 'other' && family !== 'text') throw typeMismatch(declared, 'empty');
  const text = looksLikeText(head);
  if (declared === 'image/svg+xml') {
    if (text && /<svg[\s>]/i.test(head.toString('utf8'))) return declared;
    throw typeMismatch(declared, 'not an SVG image');
  }
  if (family === 'text') {
    if (text) return declared;
    throw typeMismatch(declared, 'binary data, not text');
  }
  if (family === 'other') return text ? declared : 'application/octet-stream';
  throw typeMismatch(declared, text ? 'text' : 'of a format the drive does not recognise');
}
