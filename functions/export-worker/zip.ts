/**
 * A streaming zip (fflate's Zip, pinned): entries one after another, each pushed in pieces and
 * deflated as it goes; the compressed bytes queue here and `drain()` hands them to the sink, so the
 * memory held is one page of records, not the export.
 */
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { Sink } from './sink.ts';

const encoder = new TextEncoder();

export class ZipStream {
  private readonly zip: Zip;
  private queue: Uint8Array[] = [];
  private failure: Error | null = null;
  private entry: ZipDeflate | ZipPassThrough | null = null;
  private done = false;

  constructor(private readonly sink: Sink) {
    this.zip = new Zip((err, chunk, final) => {
      if (err) this.failure = err;
      else this.queue.push(chunk);
      if (final) this.done = true;
    });
  }

  /** Starts the next entry (ending the one before); `store`: kept as is (PDFs, images: compressed already). */
  open(name: string, options: { store?: boolean } = {}): void {
    this.closeEntry();
    this.entry = options.store ? new ZipPassThrough(name) : new ZipDeflate(name, { level: 6 });
    this.zip.add(this.entry);
  }

  push(text: string | Uint8Array): void {
    if (!this.entry) throw new Error('zip: no open entry');
    this.entry.push(typeof text === 'string' ? encoder.encode(text) : text, false);
  }

  private closeEntry(): void {
    if (this.entry) this.entry.push(new Uint8Array(0), true);
    this.entry = null;
  }

  /** Writes what is compressed so far to the sink. */
  async drain(): Promise<void> {
    if (this.failure) throw this.failure;
    const chunks = this.queue;
    this.queue = [];
    for (const c of chunks) await this.sink.write(c);
  }

  /** Ends the last entry and the archive; the sink's byte count. */
  async finish(): Promise<number> {
    this.closeEntry();
    this.zip.end();
    await this.drain();
    if (!this.done) throw new Error('zip: not finished');
    return this.sink.close();
  }
}
