// What the bench's scenarios share: a table of figures, each beside the database's floor.
import { performance } from 'node:perf_hooks';

export const ms = (v: number) => `${v.toFixed(1)} ms`;
/** The p-quantile (0–1) of sorted values. */
export const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

export async function timeIt<T>(work: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const value = await work();
  return [value, performance.now() - start];
}

type Row = { label: string; figure: string; floor: string; ratio: string };

/** A scenario's figures: each printed as it comes, all as a Markdown table at the end. */
export function figureTable() {
  const rows: Row[] = [];
  return {
    rows,
    report(label: string, figure: string, floor = '', ratio = '') {
      rows.push({ label, figure, floor, ratio });
      process.stdout.write(`  ${label}: ${figure}${floor ? `  (floor ${floor}, ${ratio})` : ''}\n`);
    },
    print() {
      process.stdout.write('\n| Measure | Figure | Database floor | Ratio |\n|---|---|---|---|\n');
      for (const row of rows) process.stdout.write(`| ${row.label} | ${row.figure} | ${row.floor} | ${row.ratio} |\n`);
    },
  };
}
