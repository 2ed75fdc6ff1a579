/**
 * Search terms by number, between the build's render threads and its main
 * thread: a thread numbers the terms it meets and sends each one's text once,
 * so the main thread reads a record's terms as numbers, rather than as
 * strings to split and hash (about a million at 10,000 resources).
 */
import type { TermSink } from "./words.ts";

/** The main thread's copy of a thread's numbering: number n stands for terms[n]. */
export interface TermTable {
  readonly terms: readonly string[];
}

/**
 * Numbers for terms as a render thread meets them. As a TermSink it collects
 * the numbers of each record's terms, each once per record; `take` gives them
 * with the terms numbered since the last call, which the main thread appends
 * to its TermTable of that thread.
 */
export class TermNumbers implements TermSink {
  private readonly numbers = new Map<string, number>();
  /** Per number, the record it was last found in. */
  private readonly foundIn: number[] = [];
  private record = 0;
  private fresh: string[] = [];
  /** The numbers found, record after record (a task's). */
  readonly found: number[] = [];

  /** The terms added from now on are the next record's. */
  nextRecord(): void {
    this.record += 1;
  }

  add(term: string): void {
    let n = this.numbers.get(term);
    if (n === undefined) {
      n = this.numbers.size;
      this.numbers.set(term, n);
      this.fresh.push(term);
    }
    if (this.foundIn[n] === this.record) return;
    this.foundIn[n] = this.record;
    this.found.push(n);
  }

  /** The terms numbered, and the numbers found, since the last call. */
  take(): { newTerms: string[]; found: Int32Array } {
    const newTerms = this.fresh;
    this.fresh = [];
    const found = Int32Array.from(this.found);
    this.found.length = 0;
    return { newTerms, found };
  }
}
