import { generateImage } from 'ai';
import type { Meter } from '../meter.ts';
import type { Providers } from '../registry.ts';
import type { MediaChoice } from './media-models.ts';
import { drawOfflineImage } from './offline-image.ts';
import { describePort, type CallContext, type PortDescription } from './types.ts';

export interface ImageRequest extends CallContext {
  prompt: string;
  /** `WIDTHxHEIGHT`; providers accept only some sizes (gpt-image-1: 1024x1024, 1536x1024, 1024x1536). */
  size?: string;
  /** An image to start from (edits): PNG, JPEG or WebP bytes. */
  reference?: Buffer;
}

export interface ImageResult {
  image: Buffer;
  mediaType: string;
  model: string;
  /** True for the built-in generator: the UI says so (the picture carries a mark too). */
  offline: boolean;
}

export interface ImagePort {
  generate(req: ImageRequest): Promise<ImageResult>;
  describe(): PortDescription;
}

const SIZE = /^\d{2,4}x\d{2,4}$/;

export function createImagePort(opts: {
  choice: MediaChoice;
  providers: Providers;
  meter: Meter;
}): ImagePort {
  const { choice, providers, meter } = opts;
  if (!choice) throw new Error('images always have a model (offline at least)');
  const description = describePort('image', 'IMAGE_MODEL', choice);

  if (choice.provider === 'offline') {
    return {
      async generate(req) {
        const { image } = await drawOfflineImage(req);
        await meter.record({
          userId: req.userId,
          kind: 'image',
          provider: 'offline',
          model: choice.model,
          images: 1,
        });
        return { image, mediaType: 'image/png', model: choice.model, offline: true };
      },
      describe: () => description,
    };
  }

  const model = providers.registry.imageModel(`${choice.provider}:${choice.model}`);
  return {
    async generate(req) {
      const result = await generateImage({
        model,
        prompt: req.reference ? { images: [req.reference], text: req.prompt } : req.prompt,
        ...(req.size && SIZE.test(req.size) ? { size: req.size as `${number}x${number}` } : {}),
        maxRetries: 1,
        ...(req.signal ? { abortSignal: req.signal } : {}),
      });
      await meter.record({
        userId: req.userId,
        kind: 'image',
        provider: choice.provider,
        model: choice.model,
        images: result.images.length,
        ...(result.usage.inputTokens !== undefined ? { tokensIn: result.usage.inputTokens } : {}),
        ...(result.usage.outputTokens !== undefined
          ? { tokensOut: result.usage.outputTokens }
          : {}),
      });
      return {
        image: Buffer.from(result.image.uint8Array),
        mediaType: result.image.mediaType,
        model: choice.model,
        offline: false,
      };
    },
    describe: () => description,
  };
}
