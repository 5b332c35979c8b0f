import type { Handlers } from '../rpc/handler-types.ts';
import type { Services } from '../services.ts';

export const imagesHandlers = (
  s: Services,
): Handlers<'GetAllImages' | 'GetImage' | 'CopyGeneratedImage' | 'DeleteImageFromServer'> => ({
  GetAllImages: (_input, ctx) => s.images.getAllImages(ctx),
  GetImage: (input, ctx) => s.images.getImage(input, ctx),
  CopyGeneratedImage: (input, ctx) => s.images.copyGeneratedImage(input, ctx),
  DeleteImageFromServer: (input, ctx) => s.images.deleteImageFromServer(input, ctx),
});
