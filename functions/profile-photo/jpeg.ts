/**
 * The whole upload is decoded as a JPEG and re-encoded (issue 11 §7) with jpeg-js (pure JavaScript,
 * bundles into the Lambda with no native binaries). What is stored and served is only what our
 * encoder wrote: pixels, plus an EXIF block holding the orientation alone — every other byte of the
 * upload (comments, trailing data after EOI, HTML behind JPEG magic bytes, EXIF location, thumbnails)
 * is gone. Decoding is strict (no tolerant mode) and bounded in pixels and memory.
 */
import { decode, encode } from 'jpeg-js';

/** Larger decodes are refused (memory and time of the Lambda); a 2 MB JPEG is rarely this large. */
export const MAX_MEGAPIXELS = 40;
const MAX_DECODE_MB = 400;
export const REENCODE_QUALITY = 90;

export class PhotoRejected extends Error {
  override name = 'PhotoRejected';
  constructor(readonly reason: 'notJpeg' | 'tooLarge') {
    super(reason);
  }
}

/**
 * EXIF orientation (1–8) from the block jpeg-js hands back, or null. jpeg-js strips "Exif\0" (five
 * bytes) from the APP1 segment, so the TIFF header follows the second padding byte.
 */
export function exifOrientation(exif: Uint8Array | undefined): number | null {
  const tiff = exif && exif[0] === 0 ? exif.subarray(1) : exif;
  if (!tiff || tiff.length < 8) return null;
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  const order = view.getUint16(0);
  if (order !== 0x4949 && order !== 0x4d4d) return null;
  const little = order === 0x4949;
  const ifd = view.getUint32(4, little);
  if (ifd + 2 > tiff.length) return null;
  const count = view.getUint16(ifd, little);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) return null;
    if (view.getUint16(entry, little) === 0x0112) {
      const value = view.getUint16(entry + 8, little);
      return value >= 1 && value <= 8 ? value : null;
    }
  }
  return null;
}

/** "Exif\0\0" + a big-endian TIFF with one IFD entry: Orientation (SHORT). */
function orientationOnlyExif(orientation: number): Buffer {
  const tiff = Buffer.alloc(8 + 2 + 12 + 4);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4);
  tiff.writeUInt16BE(1, 8);
  tiff.writeUInt16BE(0x0112, 10);
  tiff.writeUInt16BE(3, 12); // SHORT
  tiff.writeUInt32BE(1, 14);
  tiff.writeUInt16BE(orientation, 18);
  return Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
}

/** Decodes the whole file and returns a freshly encoded JPEG of its pixels; PhotoRejected otherwise. */
export function reencodeJpeg(bytes: Uint8Array): Buffer {
  let image: { width: number; height: number; data: Uint8Array; exifBuffer?: Uint8Array };
  try {
    image = decode(bytes, { useTArray: true, formatAsRGBA: true, tolerantDecoding: false, maxResolutionInMP: MAX_MEGAPIXELS, maxMemoryUsageInMB: MAX_DECODE_MB });
  } catch (err) {
    const message = String((err as Error)?.message ?? '');
    throw new PhotoRejected(/maxResolutionInMP|maxMemoryUsageInMB|allocate enough memory/.test(message) ? 'tooLarge' : 'notJpeg');
  }
  if (!(image.width >= 1 && image.height >= 1) || image.data.length !== image.width * image.height * 4) throw new PhotoRejected('notJpeg');
  const orientation = exifOrientation(image.exifBuffer);
  const exifBuffer = orientation && orientation !== 1 ? orientationOnlyExif(orientation) : undefined;
  return encode({ width: image.width, height: image.height, data: image.data, ...(exifBuffer ? { exifBuffer } : {}) } as Parameters<typeof encode>[0], REENCODE_QUALITY).data;
}
