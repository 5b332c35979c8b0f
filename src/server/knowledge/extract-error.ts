/**
 * Why a file gave no text. `inflated`: a .docx unpacks to more than allowed; `deep`: HTML
 * nested deeper than allowed; `slow`: its extraction ran past the time limit and was
 * stopped; `busy`: too many files are waiting for extraction already; `yours`: the caller
 * has as many files in extraction as one user may.
 */
export type ExtractFailure =
  | 'type'
  | 'empty'
  | 'corrupt'
  | 'notext'
  | 'toolong'
  | 'inflated'
  | 'deep'
  | 'slow'
  | 'busy'
  | 'yours';

export class ExtractError extends Error {
  readonly reason: ExtractFailure;
  constructor(reason: ExtractFailure, detail?: string) {
    super(detail ?? reason);
    this.reason = reason;
  }
}
