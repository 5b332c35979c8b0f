/**
 * What GET /api/config tells every page (no sign-in needed): zod-free, so the browser imports it.
 * Upload limits come from the server's configuration (UPLOAD_MAX_MB, IMAGE_MAX_MB), so the web
 * checks a file against the limit the server will apply, not a copy of it.
 */
export interface PublicConfig {
  version: string;
  googleClientId: string | null;
  assistantHostWord: string;
  uploads: UploadLimits;
  /** Speech-to-text is configured: the chat offers the microphone only then. */
  voiceInput: boolean;
}

export interface UploadLimits {
  /** Largest knowledge file (book, document) in bytes. */
  fileMaxBytes: number;
  /** Largest character image before resizing, in bytes. */
  imageMaxBytes: number;
}

/** Character image kinds the upload takes (the server re-encodes them to WebP). */
export const IMAGE_UPLOAD_TYPES: readonly string[] = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
];

/** Book and document files for a character's knowledge (the server reads these kinds). */
export const FILE_UPLOAD_ACCEPT =
  '.txt,.text,.md,.markdown,.html,.htm,.pdf,.docx,.epub,application/epub+zip';
