import { fileTypeFromBuffer } from 'file-type';
import { probeImage } from './images/render-image.js';
import { SNIFF_BYTES } from './sniff.js';

/** The most of an upload an ImageProbe keeps in memory: about what an S3 put holds (decision 029). */
const PROBE_KEPT_BYTES = 16 * 1024 ** 2;
/** When an ImageProbe first reads a header; each next attempt waits for twice the bytes of the last. */
const PROBE_FIRST_ATTEMPT_BYTES = 64 * 1024;
/**
 * Formats whose header sharp reads whole before the image data and refuses when it is cut short
 * (libjpeg reads every marker up to the first scan, spng every chunk up to the first IDAT): what it
 * reads of the file's start is what it would read of the whole file, EXIF orientation included.
 * Other formats (webp, gif, tiff, heif, avif) are only read whole.
 */
const HEADER_FIRST = new Set(['image/jpeg', 'image/png', 'image/apng']);

export interface ImageSize {
  /** As shown: after the EXIF orientation. */
  width: number;
  height: number;
}

/**
 * Measures an image from an upload's bytes as they pass (`receiveBytes`), so the stored object is
 * never read back for it. `write` only keeps the chunk: it never waits and never throws, so the
 * probe can neither slow an upload nor fail it; what sharp cannot read is just not measured.
 *
 * sharp needs its input whole in one buffer (a stream given to it is gathered until it ends), so
 * the probe keeps the upload's start, at most PROBE_KEPT_BYTES: a JPEG or PNG is read as its start
 * grows (at 64 KiB, then at twice as much each time) and everything kept is let go once sharp reads
 * its header; other images are read once, at the end, when they were kept whole. Whatever is not an image by
 * its head (`file-type`, as sniff.ts tells a file's type) is let go once the head is known.
 */
export class ImageProbe {
  private chunks: Buffer[] = [];
  private keptBytes = 0;
  /** False once a chunk was not kept whole for want of room: what is kept is the start, not the file. */
  private whole = true;
  private mode: 'sniffing' | 'header' | 'whole' | 'done' = 'sniffing';
  private sniffing: Promise<void> | undefined;
  private attempting: Promise<void> | undefined;
  private attemptedBytes = 0;
  private found: ImageSize | undefined;

  /** Bytes held now. */
  get kept(): number {
    return this.keptBytes;
  }

  write(chunk: Buffer): void {
    if (this.mode === 'done' || !this.whole) return;
    const room = PROBE_KEPT_BYTES - this.keptBytes;
    if (chunk.length > room) {
      this.whole = false;
      // Read only whole, it cannot be measured any more; a header is still read from the start kept.
      if (this.mode === 'whole') return this.stop();
      // A copy: a part of the chunk would keep all of it in memory.
      chunk = Buffer.from(chunk.subarray(0, room));
    }
    this.chunks.push(chunk);
    this.keptBytes += chunk.length;
    if (this.mode === 'sniffing' && !this.sniffing && this.keptBytes >= SNIFF_BYTES) this.sniff();
    this.attemptIfDue();
  }

  /** The image's size, once every byte was written; undefined when it is not an image sharp reads. */
  async measure(): Promise<ImageSize | undefined> {
    // A file shorter than the head is sniffed whole.
    if (this.mode === 'sniffing' && !this.sniffing) this.sniff();
    await this.sniffing;
    while (this.attempting) await this.attempting;
    const readable = this.mode === 'header' || (this.mode === 'whole' && this.whole);
    if (readable && this.keptBytes > this.attemptedBytes) {
      this.attempt();
      while (this.attempting) await this.attempting;
    }
    this.stop();
    return this.found;
  }

  /** Lets everything go: the upload failed. */
  abandon(): void {
    this.stop();
  }

  private stop(): void {
    this.mode = 'done';
    this.chunks = [];
    this.keptBytes = 0;
  }

  /** Everything kept, as one buffer (sharp reads only that). */
  private gathered(): Buffer {
    const bytes = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.keptBytes);
    this.chunks = [bytes];
    return bytes;
  }

  private sniff(): void {
    this.sniffing = fileTypeFromBuffer(this.gathered().subarray(0, SNIFF_BYTES)).then(
      (type) => {
        if (this.mode !== 'sniffing') return;
        // SVG is kept and served, never measured (file-type does not know it anyway).
        const raster = type && type.mime.startsWith('image/') && type.mime !== 'image/svg+xml';
        if (!raster) return this.stop();
        this.mode = HEADER_FIRST.has(type.mime) ? 'header' : 'whole';
        if (this.mode === 'whole' && !this.whole) return this.stop();
        this.attemptIfDue();
      },
      () => this.stop(),
    );
  }

  private attemptIfDue(): void {
    const due = Math.max(PROBE_FIRST_ATTEMPT_BYTES, 2 * this.attemptedBytes);
    if (this.mode === 'header' && !this.attempting && this.keptBytes >= due) this.attempt();
  }

  /** One read of everything kept, in sharp's worker threads: the upload goes on meanwhile. */
  private attempt(): void {
    const bytes = this.gathered();
    this.attemptedBytes = bytes.length;
    this.attempting = probeImage(bytes)
      .catch(() => undefined)
      .then((probed) => {
        this.attempting = undefined;
        if (this.mode === 'done') return;
        if (probed) {
          this.found = { width: probed.width, height: probed.height };
          this.stop();
        } else {
          this.attemptIfDue();
        }
      });
  }
}
