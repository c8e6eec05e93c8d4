import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IMAGE_DECODE_CONCURRENCY, ImageRejectedError, imageDecodeLoad, processImage } from './images';

/** A noisy JPEG, so decoding takes long enough for the uploads to overlap. */
async function photo(edge: number, seed: number): Promise<Buffer> {
  const pixels = Buffer.alloc(edge * edge * 3);
  for (let index = 0; index < pixels.length; index += 1) pixels[index] = (index * 31 + seed * 17) % 251;
  return sharp(pixels, { raw: { width: edge, height: edge, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

describe('image decoding', () => {
  it('decodes concurrent uploads one at a time, whatever their number', async () => {
    const uploads = await Promise.all([1, 2, 3, 4, 5, 6].map((seed) => photo(1800, seed)));
    let mostRunning = 0;
    let mostWaiting = 0;
    const sampler = setInterval(() => {
      const load = imageDecodeLoad();
      mostRunning = Math.max(mostRunning, load.running);
      mostWaiting = Math.max(mostWaiting, load.waiting);
    }, 1);
    try {
      const results = await Promise.all(uploads.map((bytes) => processImage(bytes, { thumbnail: true })));
      for (const { image, thumbnail } of results) {
        expect((await sharp(image).metadata()).width).toBe(1600);
        expect((await sharp(thumbnail).metadata()).width).toBe(96);
      }
    } finally {
      clearInterval(sampler);
    }
    expect(mostRunning).toBe(IMAGE_DECODE_CONCURRENCY);
    expect(mostWaiting).toBeGreaterThan(0);
    expect(imageDecodeLoad()).toEqual({ running: 0, waiting: 0 });
  });

  it('goes on with the queue after a corrupt upload is refused', async () => {
    const good = await photo(400, 7);
    const truncated = good.subarray(0, Math.floor(good.length / 2));
    const outcomes = await Promise.allSettled([
      processImage(truncated, { thumbnail: false }),
      processImage(good, { thumbnail: false }),
    ]);
    expect(outcomes[0].status).toBe('rejected');
    expect((outcomes[0] as PromiseRejectedResult).reason).toBeInstanceOf(ImageRejectedError);
    expect(outcomes[1].status).toBe('fulfilled');
    expect(imageDecodeLoad()).toEqual({ running: 0, waiting: 0 });
  });
});
