import { z } from 'zod';
import { defineAction } from '../action.ts';
import { IdentityEmail } from '../fields.ts';

const Num = z.coerce
  .number()
  .int()
  .min(1)
  .max(2 ** 31 - 1);
/** A stored image's path as the server answers it (e.g. /files/images/…). */
const ImagePath = z.string().min(1).max(500);

export const ImageEntry = z.object({
  num: z.number().int(),
  image: z.string(),
  prompt: z.string(),
  tm: z.string(),
});

/** The user's generated images, as the studio's picker uses them (creation is a later issue). */
export const imageActions = {
  GetAllImages: defineAction({
    input: z.object({ email: IdentityEmail }),
    output: z.object({ images: z.array(ImageEntry) }),
    access: 'user',
    identity: 'email',
    mutates: false,
  }),
  GetImage: defineAction({
    input: z.object({ email: IdentityEmail, num: Num }),
    output: z.object({ image: z.object({ image: z.string(), prompt: z.string() }) }),
    access: 'user',
    identity: 'email',
    mutates: false,
  }),
  /** Copies one of the caller's generated images to a character image; answers its path. */
  CopyGeneratedImage: defineAction({
    input: z.object({ email: IdentityEmail, img: ImagePath }),
    output: z.object({ image: z.string() }),
    access: 'user',
    identity: 'email',
    mutates: true,
  }),
  DeleteImageFromServer: defineAction({
    input: z.object({ email: IdentityEmail, img: ImagePath }),
    output: z.object({}),
    access: 'user',
    identity: 'email',
    mutates: true,
  }),
};
