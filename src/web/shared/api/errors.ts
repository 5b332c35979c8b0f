/** The server could not be reached or answered something that is not our JSON. */
export class NetworkError extends Error {
  override name = 'NetworkError';
}

/** An answer with Error ≠ 0, thrown only by `callOrThrow` (for TanStack Query fetchers). */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly code: number;
  constructor(code: number, message: string) {
    super(message);
    this.code = code;
  }
}
