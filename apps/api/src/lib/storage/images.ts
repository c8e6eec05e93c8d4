import pLimit from 'p-limit';
import type sharpModule from 'sharp';
import type { Metadata } from 'sharp';

/** Why an upload was refused; the route turns it into 415 or 400 with the field named. */
export class ImageRejectedError extends Error {
  constructor(readonly reason: 'type' | 'unreadable' | 'pixels') {
    super(`image rejected: ${reason}`);
    this.name = 'ImageRejectedError';
  }
}

type AcceptedFormat = 'jpeg' | 'png' | 'webp';

/** The format the first bytes announce: JPEG, PNG or WebP, or undefined for anything else. */
function sniffImageFormat(bytes: Buffer): AcceptedFormat | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') {
    return 'webp';
  }
  return undefined;
}

const MAX_INPUT_PIXELS = 50_000_000;

/**
 * How many uploads this process decodes at once. A 50-megapixel photo takes about 150 MB
 * while it is decoded, so decoding every concurrent upload at once made memory grow with the
 * number of uploads; one at a time keeps the peak flat (docs/performance.md, "Image uploads").
 * libvips already spreads one decode over every core, so nothing is lost in throughput.
 */
export const IMAGE_DECODE_CONCURRENCY = 1;
const decodeQueue = pLimit(IMAGE_DECODE_CONCURRENCY);

type SharpModule = typeof sharpModule;
let loadingSharp: Promise<SharpModule> | undefined;
/**
 * sharp (libvips), loaded on the first upload rather than at start: it is about 8 MB of the
 * server's resident memory, and most processes of a deployment never decode an image
 * (docs/performance.md, "Memory and start").
 */
function loadSharp(): Promise<SharpModule> {
  loadingSharp ??= import('sharp').then(({ default: sharp }) => {
    // libvips would keep recent operations' pixels around for reuse; every upload is new, so the
    // cache only holds memory (up to 50 MB) that no later request can use.
    sharp.cache(false);
    return sharp;
  });
  return loadingSharp;
}

/** How many decodes run and wait now, for tests and the bench. */
export function imageDecodeLoad(): { running: number; waiting: number } {
  return { running: decodeQueue.activeCount, waiting: decodeQueue.pendingCount };
}
const MAX_EDGE = 1600;
const THUMB_EDGE = 96;

export interface ProcessedImage {
  /** Re-encoded WebP: EXIF orientation applied, every metadata block dropped, at most 1600 px a side. */
  image: Buffer;
  /** A 96 px square WebP, when asked for (the list's avatar). */
  thumbnail?: Buffer;
}

/**
 * Checks an upload by its content (never its name or declared type), decodes it
 * and re-encodes it, so what is stored is a clean image that no script, polyglot
 * or location metadata survives.
 */
export async function processImage(bytes: Buffer, options: { thumbnail: boolean }): Promise<ProcessedImage> {
  const sniffed = sniffImageFormat(bytes);
  if (!sniffed) throw new ImageRejectedError('type');

  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRejectedError('unreadable');
  }
  if (metadata.format !== sniffed) throw new ImageRejectedError('type');
  if (!metadata.width || !metadata.height) throw new ImageRejectedError('unreadable');
  if (metadata.width * metadata.height > MAX_INPUT_PIXELS) throw new ImageRejectedError('pixels');

  return decodeQueue(() => reencode(sharp, bytes, options));
}

/** Decodes and re-encodes an image whose header was checked; the memory-hungry part. */
async function reencode(sharp: SharpModule, bytes: Buffer, options: { thumbnail: boolean }): Promise<ProcessedImage> {
  // `failOn: 'error'` refuses truncated or corrupt data instead of storing a half-grey picture.
  const source = () => sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS }).rotate();
  try {
    const image = await source()
      .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
    const thumbnail = options.thumbnail
      ? await source().resize({ width: THUMB_EDGE, height: THUMB_EDGE, fit: 'cover' }).webp({ quality: 75 }).toBuffer()
      : undefined;
    return { image, thumbnail };
  } catch {
    throw new ImageRejectedError('unreadable');
  }
}
