import type { Handlers } from '../rpc/handler-types.ts';
import type { Services } from '../services.ts';

export const imagesHandlers = (
  s: Services,
): Handlers<
  | 'GetAllImages'
  | 'GetImage'
  | 'GenerateImage'
  | 'RecreateImage'
  | 'DeleteImage'
  | 'AskGraphicalDesigner'
  | 'CopyGeneratedImage'
  | 'DeleteImageFromServer'
> => ({
  GetAllImages: (input, ctx) => s.generation.getAllImages(input, ctx),
  GetImage: (input, ctx) => s.generation.getImage(input, ctx),
  GenerateImage: (input, ctx) => s.generation.generateImage(input, ctx),
  RecreateImage: (input, ctx) => s.generation.recreateImage(input, ctx),
  DeleteImage: (input, ctx) => s.generation.deleteImage(input, ctx),
  AskGraphicalDesigner: (input, ctx) => s.designer.ask(input, ctx),
  CopyGeneratedImage: (input, ctx) => s.images.copyGeneratedImage(input, ctx),
  DeleteImageFromServer: (input, ctx) => s.images.deleteImageFromServer(input, ctx),
});
