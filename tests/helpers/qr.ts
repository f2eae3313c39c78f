import jsQR from 'jsqr';
import { PNG } from 'pngjs';

/** Reads a QR code back from PNG bytes as a banking app's camera would: pixels in, text out. */
export function decodeQrPng(png: Buffer): { data: string; bytes: number[]; version: number } {
  const image = PNG.sync.read(png);
  const code = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
  if (!code) throw new Error('no QR code found');
  return { data: code.data, bytes: code.binaryData, version: code.version };
}
