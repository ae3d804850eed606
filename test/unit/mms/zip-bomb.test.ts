/** An .xlsx that inflates to far more than a recipients list ever needs is refused, memory bounded. */
import { deflateRawSync } from 'node:zlib';
import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { MAX_INFLATED_BYTES, parseRecipientFile } from '../../../src/main/mms/recipient-file';
import { importRecipientFile } from '../../../src/main/mms/recipient-import';

/** A zip whose one sheet inflates to `inflatedBytes` of spaces (zlib makes it in under a second). */
function bomb(inflatedBytes: number): Uint8Array {
  const name = Buffer.from('xl/worksheets/sheet1.xml');
  const data = deflateRawSync(Buffer.alloc(inflatedBytes, 0x20), { level: 1 });
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8); // deflate
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(inflatedBytes, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(inflatedBytes, 24);
  central.writeUInt16LE(name.length, 28);
  const centralOffset = local.length + name.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}

/** Rewrites every declared uncompressed size in the zip's headers to `size` (a lying file). */
function lieAboutSizes(zip: Uint8Array, size: number): Uint8Array {
  const copy = new Uint8Array(zip);
  const view = new DataView(copy.buffer);
  for (let i = 0; i + 4 <= copy.length; i++) {
    const signature = view.getUint32(i, true);
    if (signature === 0x04034b50) view.setUint32(i + 22, size, true);
    else if (signature === 0x02014b50) view.setUint32(i + 24, size, true);
  }
  return copy;
}

describe('a zip bomb as a recipients file', () => {
  const inflated = MAX_INFLATED_BYTES * 4;
  const file = bomb(inflated);

  it('is refused from its declared sizes before anything is inflated', () => {
    expect(file.length).toBeLessThan(4 * 1024 * 1024);
    expect(() => parseRecipientFile('xlsx', file)).toThrow(/unpacks to more than \d+ MB/);
  });

  it('is stopped at the limit while inflating when its headers lie, with bounded memory', () => {
    const liar = lieAboutSizes(file, 1000);
    const before = process.memoryUsage().arrayBuffers;
    let peak = before;
    const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().arrayBuffers)), 1);
    try {
      expect(() => parseRecipientFile('xlsx', liar)).toThrow(/unpacks to more than \d+ MB/);
    } finally {
      clearInterval(timer);
    }
    peak = Math.max(peak, process.memoryUsage().arrayBuffers);
    expect(peak - before).toBeLessThan(MAX_INFLATED_BYTES * 2);
  });

  it('gets a clear answer through the import worker', async () => {
    const result = await importRecipientFile('recipients.xlsx', lieAboutSizes(file, 1000));
    expect(result).toMatchObject({ ok: false, error: { message: expect.stringMatching(/unpacks to more than \d+ MB.*\.csv/) } });
  });

  it('still reads an ordinary workbook', () => {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['Phone'], ['+8613800000001']]), 'Sheet1');
    const bytes = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    expect(parseRecipientFile('xlsx', bytes).columns[0].values).toEqual(['+8613800000001']);
  });
});
