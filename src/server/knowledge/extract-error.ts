/**
 * Why a file gave no text. `inflated`: a .docx unpacks to more than allowed; `deep`: HTML
 * nested deeper than allowed; `busy`: too many files are waiting for extraction already (or
 * too many of this user's); `timeout`: reading it took longer than EXTRACT_SECONDS.
 */
export type ExtractFailure =
  'type' | 'empty' | 'corrupt' | 'notext' | 'toolong' | 'inflated' | 'deep' | 'busy' | 'timeout';

export class ExtractError extends Error {
  readonly reason: ExtractFailure;
  constructor(reason: ExtractFailure, detail?: string) {
    super(detail ?? reason);
    this.reason = reason;
  }
}
