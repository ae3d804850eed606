/**
 * Unpacks a zip (an .xlsx) without letting it unpack to more than a limit: a small
 * file can inflate to gigabytes (a "zip bomb"), and inflated bytes live outside the
 * worker's heap limit. The declared sizes are checked before anything is inflated;
 * since headers can lie, each entry is then inflated with zlib's own output cap, which
 * stops inflating as soon as the limit is passed.
 */
import { inflateRawSync } from 'node:zlib';
import { zipSync } from 'fflate';

export class ZipTooLargeError extends Error {
  override name = 'ZipTooLargeError';
}

export class ZipUnreadableError extends Error {
  override name = 'ZipUnreadableError';
}

interface CentralEntry {
  name: string;
  method: number;
  compressedSize: number;
  declaredSize: number;
  localHeaderOffset: number;
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

/** The entries the zip's central directory lists (its table of contents at the end). */
export function centralDirectory(zip: Uint8Array): CentralEntry[] {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const lowest = Math.max(0, zip.length - 22 - 0xffff);
  for (let end = zip.length - 22; end >= lowest; end--) {
    if (view.getUint32(end, true) !== EOCD_SIGNATURE) continue;
    const count = view.getUint16(end + 10, true);
    let at = view.getUint32(end + 16, true);
    const entries: CentralEntry[] = [];
    for (let i = 0; i < count; i++) {
      if (at + 46 > zip.length || view.getUint32(at, true) !== CENTRAL_SIGNATURE) throw new ZipUnreadableError('damaged table of contents');
      const nameLength = view.getUint16(at + 28, true);
      entries.push({
        name: new TextDecoder().decode(zip.subarray(at + 46, at + 46 + nameLength)),
        method: view.getUint16(at + 10, true),
        compressedSize: view.getUint32(at + 20, true),
        // 0xFFFFFFFF marks a Zip64 size (over 4 GB): no recipients workbook is.
        declaredSize: view.getUint32(at + 24, true),
        localHeaderOffset: view.getUint32(at + 42, true),
      });
      at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    }
    return entries;
  }
  throw new ZipUnreadableError('no table of contents');
}

/**
 * The same zip with every entry stored (not compressed), so a reader that unpacks it
 * again has nothing left to inflate. Throws ZipTooLargeError past `limit` unpacked bytes.
 */
export function unpackWithin(zip: Uint8Array, limit: number): Uint8Array {
  const entries = centralDirectory(zip);
  if (entries.reduce((sum, entry) => sum + entry.declaredSize, 0) > limit) throw new ZipTooLargeError('declared size over the limit');

  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const files: Record<string, Uint8Array> = {};
  let total = 0;
  for (const entry of entries) {
    if (entry.name.endsWith('/')) continue;
    const at = entry.localHeaderOffset;
    if (at + 30 > zip.length || view.getUint32(at, true) !== LOCAL_SIGNATURE) throw new ZipUnreadableError(`damaged entry ${entry.name}`);
    const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
    const packed = zip.subarray(start, start + entry.compressedSize);
    const room = limit - total;
    let unpacked: Uint8Array;
    if (entry.method === STORED) unpacked = packed;
    else if (entry.method === DEFLATED) unpacked = inflateCapped(packed, room);
    else throw new ZipUnreadableError(`unsupported compression ${entry.method}`);
    total += unpacked.length;
    if (total > limit) throw new ZipTooLargeError('unpacked size over the limit');
    files[entry.name] = unpacked;
  }
  return zipSync(files, { level: 0 });
}

function inflateCapped(packed: Uint8Array, room: number): Uint8Array {
  try {
    // One byte over the room proves "too large" without inflating any further.
    return inflateRawSync(packed, { maxOutputLength: Math.max(1, room + 1) });
  } catch (error) {
    if (error instanceof RangeError || (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
      throw new ZipTooLargeError('unpacked size over the limit');
    }
    throw new ZipUnreadableError(error instanceof Error ? error.message : String(error));
  }
}
