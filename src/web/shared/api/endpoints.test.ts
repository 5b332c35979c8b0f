import { describe, expect, it } from 'vitest';
import { DirectPaths } from '../../../protocol/direct.ts';
import { ENDPOINTS } from './endpoints.ts';

describe('direct endpoints', () => {
  it('match the protocol paths (copied so that zod stays out of the browser)', () => {
    expect(ENDPOINTS).toEqual({
      fileUpload: DirectPaths.upload,
      imageUpload: DirectPaths.uploadImage,
      googleDocs: DirectPaths.googleDocs,
    });
  });
});
