import type { ImportItem, ParseResult } from './link-collector.js';

/** What reading the whole upload found, besides its links: for the import's report. */
export type ReadSummary = Omit<ParseResult, 'items'>;

/**
 * The links of one upload on their way from its reading to its saving: the reading thread pushes
 * them as the file streams in, and the import saves them a slice at a time meanwhile, so that the
 * parse (a third of a 50,000-link import) runs beside the saving instead of before it (issue 27).
 * `finish` says the reading is over and what it found; `fail` that the upload is refused.
 */
export class LinkStream {
  #batches: ImportItem[][] = [];
  /** Items of the first batch already taken. */
  #offset = 0;
  #buffered = 0;
  #total = 0;
  #summary: ReadSummary | null = null;
  #failure: Error | null = null;
  #wake: (() => void) | null = null;

  /** A stream already read to its end: the links of an upload read whole (the extension's JSON). */
  static of(parsed: ParseResult): LinkStream {
    const links = new LinkStream();
    links.finishWith(parsed);
    return links;
  }

  /** The rest of the links and the end of the reading, from an upload read whole. */
  finishWith({ items, ...summary }: ParseResult): void {
    this.push(items);
    this.finish(summary);
  }

  push(items: ImportItem[]): void {
    if (!items.length) return;
    this.#batches.push(items);
    this.#buffered += items.length;
    this.#total += items.length;
    this.#notify();
  }

  finish(summary: ReadSummary): void {
    this.#summary = summary;
    this.#notify();
  }

  fail(error: Error): void {
    this.#failure ??= error;
    this.#notify();
  }

  /** The reading is over: every link has been pushed. */
  get read(): boolean {
    return this.#summary !== null;
  }

  /** Links pushed so far; all of the upload's once `read`. */
  get total(): number {
    return this.#total;
  }

  /** What the reading found; only once `read`. */
  get summary(): ReadSummary {
    if (!this.#summary) throw new Error('the upload is still being read');
    return this.#summary;
  }

  /** Resolves once there are links to save or the reading is over; throws why the upload was refused. */
  async ready(): Promise<void> {
    while (!this.#failure && !this.#buffered && !this.#summary) await this.#wait();
    if (this.#failure) throw this.#failure;
  }

  /**
   * The next slice: `max` links, fewer only at the end of the upload; empty once all are taken.
   * Waits for the reading while it has not yet found that many.
   */
  async next(max: number): Promise<ImportItem[]> {
    while (!this.#failure && this.#buffered < max && !this.#summary) await this.#wait();
    if (this.#failure) throw this.#failure;
    return this.#take(max);
  }

  #take(max: number): ImportItem[] {
    const slice: ImportItem[] = [];
    while (slice.length < max && this.#batches.length) {
      const batch = this.#batches[0]!;
      const end = Math.min(batch.length, this.#offset + max - slice.length);
      for (let i = this.#offset; i < end; i++) slice.push(batch[i]!);
      if (end === batch.length) {
        this.#batches.shift();
        this.#offset = 0;
      } else this.#offset = end;
    }
    this.#buffered -= slice.length;
    return slice;
  }

  #wait(): Promise<void> {
    return new Promise((resolve) => (this.#wake = resolve));
  }

  #notify(): void {
    const wake = this.#wake;
    this.#wake = null;
    wake?.();
  }
}
