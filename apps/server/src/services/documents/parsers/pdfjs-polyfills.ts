/**
 * pdf.js 5 calls `ArrayBuffer.prototype.transferToFixedLength` (ES2024, Node 21+) when it compiles a
 * page's fonts for the operator list. On Node 20 the call throws, pdf.js drops the whole operator
 * list with a warning only, and a page that has text (a font) and an image yields no image: a
 * heading above a scan kept the scan from OCR. Installed before pdf.js runs; a no-op where the
 * method exists.
 *
 * Same contract as the standard method: a new ArrayBuffer of `newLength` bytes (the old length by
 * default) holding the old contents, the old buffer detached. `structuredClone` with a transfer
 * list moves the bytes without a copy and detaches the source, as a real transfer does.
 */
declare global {
  interface ArrayBuffer {
    transferToFixedLength?(newLength?: number): ArrayBuffer;
  }
}

if (typeof ArrayBuffer.prototype.transferToFixedLength !== 'function') {
  Object.defineProperty(ArrayBuffer.prototype, 'transferToFixedLength', {
    configurable: true,
    writable: true,
    value: function transferToFixedLength(this: ArrayBuffer, newLength?: number): ArrayBuffer {
      const length = newLength === undefined ? this.byteLength : Math.trunc(Number(newLength));
      if (!(length >= 0)) throw new RangeError('Invalid array buffer length');
      const moved = structuredClone(this, { transfer: [this] });
      if (length === moved.byteLength) return moved;
      const resized = new ArrayBuffer(length);
      new Uint8Array(resized).set(new Uint8Array(moved, 0, Math.min(length, moved.byteLength)));
      return resized;
    },
  });
}

export {};
