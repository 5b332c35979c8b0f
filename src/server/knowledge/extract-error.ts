/**
 * Why a file gave no text. `inflated`: a .docx unpacks to more than allowed; `deep`: HTML
 * nested deeper than allowed; `busy`: too many files are waiting for extraction already (or
 * too many of this user's); `timeout`: reading it took longer than EXTRACT_SECONDS.
 * A zip (.docx, .epub) with more entries than MAX_ZIP_ENTRIES is `entries`; an .epub entry
 * unpacking past MAX_ZIP_RATIO times its packed size is `ratio` (a zip bomb); XML declaring
 * entities or an internal DTD subset is `entity`; an .epub naming a part outside itself
 * (`../`, an absolute path or a URL) is `path`.
 */
export type ExtractFailure =
  | 'type'
  | 'empty'
  | 'corrupt'
  | 'notext'
  | 'toolong'
  | 'inflated'
  | 'deep'
  | 'busy'
  | 'timeout'
  | 'entries'
  | 'ratio'
  | 'entity'
  | 'path';

export class ExtractError extends Error {
  readonly reason: ExtractFailure;
  constructor(reason: ExtractFailure, detail?: string) {
    super(detail ?? reason);
    this.reason = reason;
  }
}
