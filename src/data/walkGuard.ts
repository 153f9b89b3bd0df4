// What keeps a walk of every page (`--all`, the explorer's export) from running forever against a
// server that does not page: one that ignores pageNumber and sends the same full page each time
// (with a huge total, or with conversations' estimated total, where only a short page ends the
// list), or one whose pages never run out.
//
// - A page whose rows are those of an earlier page of the walk stops it with an error: a list that
//   pages has no two equal pages. Pages are compared by their row count and their first and last
//   rows (a hash of them, 32 bytes kept per page): in a list where each row appears once, two pages
//   that start and end with the same rows are the same page. (Hashing every row was a tenth of the
//   CPU of a 200,000-user walk.)
// - A list with an exact total ends at the total its first page announced, even if later pages
//   announce more: the walk is a snapshot of what was there when it started.
// - A list whose total is an estimate (conversations) stops with an error after MAX_WALK_ROWS
//   rows: the server loads a user's whole conversation list into memory for every page, so no
//   real user comes near it, and a server that makes up pages forever would otherwise never be
//   stopped.
// - A list whose exact total is past the same bound (2^53, a billion) stops at its first page,
//   before any row is handed over: walked, a server making up new pages up to such a total ran a
//   cron job's file until the disk was full.
import { hash } from 'node:crypto';
import type { Page } from '../api/schemas.js';

export const MAX_WALK_ROWS = 1_000_000;

/** The walk was stopped because the server's pages do not end as a list's pages do. */
export class RunawayWalkError extends Error {
  constructor(
    readonly page: number,
    /** Rows handed over before it stopped. */
    readonly rows: number,
    reason: string,
  ) {
    super(`stopped at page ${page} after ${rows.toLocaleString('en-US')} rows: ${reason}`);
    this.name = 'RunawayWalkError';
  }
}

export class WalkGuard {
  private readonly seen = new Map<string, number>();
  /** The exact total the first page announced; undefined for an estimate. */
  private firstTotal: number | undefined;
  private pages = 0;
  private rows = 0;

  constructor(
    private readonly size: number,
    private readonly maxRows = MAX_WALK_ROWS,
  ) {}

  /**
   * Called with each page before it is handed over: throws RunawayWalkError when the page must
   * not be used, and returns the last page the total its first page announced reaches (the walk
   * ends there at the latest), or undefined for an estimate.
   */
  check(page: number, result: Page<unknown>): number | undefined {
    if (this.pages++ === 0 && result.totalExact) {
      this.firstTotal = result.total;
      if (!(result.total <= this.maxRows)) {
        throw new RunawayWalkError(
          page,
          0,
          `the server announces ${countWords(result.total)} rows, more than a walk takes (${this.maxRows.toLocaleString('en-US')})`,
        );
      }
    }
    if (result.rows.length > 0) {
      const ends = [result.rows.length, result.rows[0], result.rows.at(-1)];
      // One-shot hashing (Node 20.12+): no Hash object a page.
      const key = hash('sha256', JSON.stringify(ends), 'base64');
      const earlier = this.seen.get(key);
      if (earlier !== undefined) {
        throw new RunawayWalkError(
          page,
          this.rows,
          `the server sent the same rows as for page ${earlier} (it seems to ignore pageNumber)`,
        );
      }
      this.seen.set(key, page);
    }
    this.rows += result.rows.length;
    if (!result.totalExact && this.rows > this.maxRows) {
      throw new RunawayWalkError(
        page,
        this.rows - result.rows.length,
        `more than ${this.maxRows.toLocaleString('en-US')} rows of a list whose end only a short page tells; the server's pages never end`,
      );
    }
    return this.firstTotal === undefined ? undefined : Math.max(1, Math.ceil(this.firstTotal / this.size));
  }
}

/** A total as a count, whatever the server sent (a number past 2^53 is still written in digits, never `1e+21`). */
function countWords(total: number): string {
  return Number.isFinite(total) ? BigInt(Math.trunc(total)).toLocaleString('en-US') : String(total);
}
