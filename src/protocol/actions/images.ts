import { z } from 'zod';
import { defineAction } from '../action.ts';
import { designerStream } from '../streams.ts';
import { IdentityEmail, Lang, Rule } from '../fields.ts';

const Num = z.coerce
  .number()
  .int()
  .min(1)
  .max(2 ** 31 - 1);
/** A stored image's path as the server answers it (e.g. /files/images/…). */
const ImagePath = z.string().min(1).max(500);
/** A reference picture pasted or dropped on the create-image screen (640 px JPEG, spec part 2 §5). */
const ReferenceImage = z
  .string()
  .max(900_000)
  .regex(/^data:image\/(jpeg|png|webp);base64,[A-Za-z0-9+/=]+$/, Rule.imageDataUrl);
/** A reference: a new data URL, or the path of one the server already holds for the caller. */
const Reference = z.union([ReferenceImage, ImagePath, z.literal('')]);
const Prompt = z.string().trim().min(1).max(4000);

/**
 * A generated image (spec part 2 §3). `image` is where the owner's browser loads it,
 * 'Invalid image' when the generation failed (`error` says why), '' while `loading`.
 */
export const ImageEntry = z.object({
  num: z.number().int(),
  image: z.string(),
  /** What the image model was sent (English). */
  prompt: z.string(),
  negative_prompt: z.string(),
  /** The reference picture's path, or ''. */
  refimg: z.string(),
  tm: z.string(),
  /** Seconds the generation took. */
  gentime: z.number().int(),
  /** 1 while the generation runs. */
  loading: z.union([z.literal(0), z.literal(1)]),
  /** Why the generation failed, in the owner's words. */
  error: z.string().optional(),
  /** 1 when the built-in offline generator drew it. */
  offline: z.union([z.literal(0), z.literal(1)]),
  /** The user's own words the designer made the prompt from. */
  request: z.string(),
});
export type ImageEntry = z.infer<typeof ImageEntry>;

/** The user's generated images: the create-image screen, and the studio's picker. */
export const imageActions = {
  /** Newest first, a page at a time (`before`: the last num seen), with the caller's credits. */
  GetAllImages: defineAction({
    input: z.object({
      email: IdentityEmail,
      before: Num.optional(),
      limit: z.coerce.number().int().min(1).max(200).optional(),
    }),
    output: z.object({
      images: z.array(ImageEntry),
      /** More images after this page. */
      more: z.union([z.literal(0), z.literal(1)]),
      imgcredit: z.number().int(),
      imgcreated: z.number().int(),
      /** 1 when the server draws with the built-in offline generator. */
      offline: z.union([z.literal(0), z.literal(1)]),
    }),
    access: 'user',
    identity: 'email',
    mutates: false,
  }),
  GetImage: defineAction({
    input: z.object({ email: IdentityEmail, num: Num }),
    output: z.object({ image: ImageEntry }),
    access: 'user',
    identity: 'email',
    mutates: false,
  }),
  /**
   * Generates image `num` (one of the caller's): a record still loading or ready is answered
   * as it is; a failed one is generated again (one credit). Answers at once; GetImage follows.
   */
  GenerateImage: defineAction({
    input: z.object({ email: IdentityEmail, num: Num }),
    output: z.object({ image: ImageEntry }),
    access: 'user',
    identity: 'email',
    mutates: true,
  }),
  /** A new image record from a prompt (and a reference), generated at once (one credit). */
  RecreateImage: defineAction({
    input: z.object({
      email: IdentityEmail,
      prompt: Prompt,
      negative_prompt: z.string().trim().max(2000).optional(),
      img: Reference.optional(),
    }),
    output: z.object({ num: z.number().int(), image: ImageEntry }),
    access: 'user',
    identity: 'email',
    mutates: true,
  }),
  DeleteImage: defineAction({
    input: z.object({ email: IdentityEmail, num: Num }),
    output: z.object({}),
    access: 'user',
    identity: 'email',
    mutates: true,
  }),
  /**
   * One turn with the graphic designer (spec part 2 §4). When the designer has a prompt it
   * makes an image record (generation starts at once) and the answer carries `:#<num>`.
   */
  AskGraphicalDesigner: defineAction({
    input: z.object({
      email: IdentityEmail,
      message: z
        .string()
        .max(20_000)
        .refine((s) => s.trim().length > 0, 'empty message'),
      img: ReferenceImage.optional().or(z.literal('')),
      lang: Lang,
    }),
    output: z.object({
      answer: z.string(),
      /** The conversation's current reference picture (a path), or ''. */
      refimg: z.string(),
      /** The image the answer made (its `:#<num>`), or 0. */
      num: z.number().int(),
      tm: z.string(),
      /** 1 when the offline designer answered. */
      offline: z.union([z.literal(0), z.literal(1)]),
    }),
    access: 'user',
    identity: 'email',
    mutates: true,
    stream: designerStream,
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
