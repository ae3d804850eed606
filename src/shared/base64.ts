/** How many characters `bytes` bytes take as padded base64 (the form a file crosses the bridge in). */
export function base64Length(bytes: number): number {
  return Math.ceil(bytes / 3) * 4;
}
