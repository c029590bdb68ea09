import { describe, expect, it } from 'vitest';
import { fileNameFromContentDisposition, looksLikeCompleteZip } from './download-file';

describe('fileNameFromContentDisposition', () => {
  it('prefers the UTF-8 name', () => {
    expect(
      fileNameFromContentDisposition(
        `attachment; filename="Caf__enhanced.zip"; filename*=UTF-8''Caf%C3%A9_enhanced.zip`,
      ),
    ).toBe('Café_enhanced.zip');
  });

  it('reads a quoted or bare plain name', () => {
    expect(fileNameFromContentDisposition('attachment; filename="kitchen_enhanced.jpg"')).toBe('kitchen_enhanced.jpg');
    expect(fileNameFromContentDisposition('attachment; filename=kitchen.jpg')).toBe('kitchen.jpg');
  });

  it('gives null without a name', () => {
    expect(fileNameFromContentDisposition(null)).toBeNull();
    expect(fileNameFromContentDisposition('attachment')).toBeNull();
  });
});

/** A stored (uncompressed) ZIP holding one file, laid out by hand: local header, data, directory, end record. */
function tinyZip(): Uint8Array {
  const name = new TextEncoder().encode('a.txt');
  const data = new TextEncoder().encode('hi');
  const local = [0x50, 0x4b, 0x03, 0x04, 20, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 2, 0, 0, 0, 5, 0, 0, 0];
  const central = [
    0x50, 0x4b, 0x01, 0x02, 20, 0, 20, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 2, 0, 0, 0, 5, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  ];
  const centralOffset = local.length + name.length + data.length;
  const centralSize = central.length + name.length;
  const end = [0x50, 0x4b, 0x05, 0x06, 0, 0, 0, 0, 1, 0, 1, 0, centralSize, 0, 0, 0, centralOffset, 0, 0, 0, 0, 0];
  return new Uint8Array([...local, ...name, ...data, ...central, ...name, ...end]);
}

describe('looksLikeCompleteZip', () => {
  it('accepts a whole ZIP', () => {
    expect(looksLikeCompleteZip(tinyZip())).toBe(true);
  });

  it('refuses a ZIP cut short, and bytes that are not a ZIP', () => {
    const zip = tinyZip();
    expect(looksLikeCompleteZip(zip.subarray(0, zip.length - 10))).toBe(false);
    expect(looksLikeCompleteZip(new TextEncoder().encode('{"message":"Internal Server Error"}'))).toBe(false);
    expect(looksLikeCompleteZip(new Uint8Array())).toBe(false);
  });
});
