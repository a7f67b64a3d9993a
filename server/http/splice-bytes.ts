/** Where `needle` occurs in `haystack`, left to right, without overlaps. */
export function positionsOf(haystack: Buffer, needle: Buffer): number[] {
  const positions: number[] = [];
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + needle.length))
    positions.push(at);
  return positions;
}

/** An edit of `splice`: replace `length` bytes at `at` with `replacement`. */
export type ByteEdit = readonly [at: number, length: number, replacement: Buffer];

/**
 * A copy of `bytes` with non-overlapping edits applied, in one `Buffer.concat`: for pages kept as bytes, which are
 * edited without being decoded and encoded again.
 */
export function splice(bytes: Buffer, edits: readonly ByteEdit[]): Buffer {
  const parts: Buffer[] = [];
  let from = 0;
  for (const [at, length, replacement] of [...edits].sort((a, b) => a[0] - b[0])) {
    parts.push(bytes.subarray(from, at), replacement);
    from = at + length;
  }
  parts.push(bytes.subarray(from));
  return Buffer.concat(parts);
}
