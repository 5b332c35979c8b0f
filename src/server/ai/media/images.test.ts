import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { mediaKitPerFile, type MediaKit } from './media-test-kit.ts';

const PNG = '89504e470d0a1a0a';

describe('image port', () => {
  const bed = mediaKitPerFile();
  let kit: MediaKit;
  beforeAll(() => ({ kit } = bed));

  describe('offline', () => {
    it('draws the same valid PNG for the same prompt and another for another prompt', async () => {
      const images = kit.ports({}).images;
      expect(images.describe()).toMatchObject({ offline: true, model: 'offline-shapes' });
      const before = (await kit.usage()).length;
      const a = await images.generate({
        prompt: 'A lighthouse by the sea',
        size: '320x240',
        userId: kit.userId,
      });
      expect((await kit.usage())[before]).toMatchObject({
        userId: kit.userId,
        kind: 'image',
        provider: 'offline',
        model: 'offline-shapes',
        images: 1,
      });
      const again = await images.generate({
        prompt: '  a LIGHTHOUSE  by the sea ',
        size: '320x240',
      });
      const b = await images.generate({ prompt: 'יער קסום בלילה', size: '320x240' });
      expect(a).toMatchObject({ mediaType: 'image/png', offline: true, model: 'offline-shapes' });
      expect(a.image.subarray(0, 8).toString('hex')).toBe(PNG);
      expect(await sharp(a.image).metadata()).toMatchObject({ width: 320, height: 240 });
      // Spacing and case are not part of what was asked for.
      expect(again.image.equals(a.image)).toBe(true);
      const byDefault = await images.generate({ prompt: 'A lighthouse by the sea' });
      expect(await sharp(byDefault.image).metadata()).toMatchObject({ width: 1024, height: 1024 });
      expect(b.image.equals(a.image)).toBe(false);
    });

    it('marks the picture itself: the same white strokes in the corner of any picture', async () => {
      const images = kit.ports({}).images;
      const corner = async (prompt: string) => {
        const { image } = await images.generate({ prompt, size: '440x440' });
        return sharp(image)
          .extract({ left: 440 - 100, top: 440 - 36, width: 100, height: 36 })
          .removeAlpha()
          .raw()
          .toBuffer();
      };
      // Two dark scenes with different palettes: only the mark can put the same white there.
      const [city, forest] = await Promise.all([corner('a quiet city street'), corner('יער קסום')]);
      let shared = 0;
      for (let i = 0; i < city.length; i += 3) {
        const white = (b: Buffer) => b[i]! > 200 && b[i + 1]! > 200 && b[i + 2]! > 200;
        if (white(city) && white(forest)) shared++;
      }
      expect(shared).toBeGreaterThan(150);
    });

    it('starts from a reference image when one is given', async () => {
      const reference = await sharp({
        create: { width: 200, height: 200, channels: 3, background: '#ff0000' },
      })
        .png()
        .toBuffer();
      const plain = await kit.ports({}).images.generate({ prompt: 'a cat', size: '200x200' });
      const edited = await kit
        .ports({})
        .images.generate({ prompt: 'a cat', size: '200x200', reference });
      const red = async (img: Buffer) => (await sharp(img).stats()).channels[0]!.mean;
      expect(await red(edited.image)).toBeGreaterThan((await red(plain.image)) + 20);
    });
  });

  describe('through the AI SDK against the fake server', () => {
    it('OpenAI: sends the prompt and size, answers the PNG and meters images and tokens', async () => {
      const images = kit.ports(kit.env.openai).images;
      expect(images.describe()).toMatchObject({
        provider: 'openai',
        model: 'gpt-image-1',
        offline: false,
      });
      const before = (await kit.usage()).length;
      const r = await images.generate({
        prompt: 'Sherlock Holmes in the rain',
        size: '1024x1536',
        userId: kit.userId,
      });
      expect(r).toMatchObject({ mediaType: 'image/png', offline: false, model: 'gpt-image-1' });
      expect(r.image.subarray(0, 8).toString('hex')).toBe(PNG);
      const sent = kit.fake.media.requests[0]!;
      expect(sent).toMatchObject({ path: '/images/generations', model: 'gpt-image-1' });
      expect(sent.body).toMatchObject({ prompt: 'Sherlock Holmes in the rain', size: '1024x1536' });
      const rows = (await kit.usage()).slice(before);
      expect(rows).toEqual([
        expect.objectContaining({
          userId: kit.userId,
          kind: 'image',
          provider: 'openai',
          model: 'gpt-image-1',
          images: 1,
          tokensIn: 12,
          tokensOut: 4160,
        }),
      ]);
    });

    it('a compatible server: IMAGE_MODEL picks the model; a reference goes to the edits endpoint', async () => {
      const images = kit.ports({
        ...kit.env.compatible,
        IMAGE_MODEL: 'compatible:flux-dev',
      }).images;
      kit.fake.media.imageUsage = null;
      const reference = await sharp({
        create: { width: 8, height: 8, channels: 3, background: '#00ff00' },
      })
        .png()
        .toBuffer();
      const r = await images.generate({ prompt: 'make it night', reference, userId: kit.userId });
      kit.fake.media.imageUsage = { input_tokens: 12, output_tokens: 4160 };
      expect(r).toMatchObject({ model: 'flux-dev', offline: false, mediaType: 'image/png' });
      const sent = kit.fake.media.requests[0]!;
      expect(sent.path).toBe('/images/edits');
      expect(sent.body).toMatchObject({ model: 'flux-dev', prompt: 'make it night' });
      expect(sent.body.image).toMatchObject({ type: 'image/png' });
      expect((await kit.usage()).at(-1)).toMatchObject({
        provider: 'compatible',
        model: 'flux-dev',
        images: 1,
        tokensIn: null,
      });
    });

    it('a provider error reaches the caller and meters nothing', async () => {
      const images = kit.ports(kit.env.openai).images;
      const before = (await kit.usage()).length;
      kit.fake.media.failNext(400);
      await expect(images.generate({ prompt: 'x' })).rejects.toThrow();
      expect((await kit.usage()).length).toBe(before);
    });
  });
});
