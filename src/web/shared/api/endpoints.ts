import type {
  CheckAuthAnswer,
  CreateAuthUrlAnswer,
  GoogleDocsRequest,
  ReadDocAnswer,
} from '../../../protocol/direct.ts';
import { DirectPaths } from '../../../protocol/paths.ts';
import { postForm, postJson } from './client.ts';

export interface FileUpload {
  file: File;
  user: string;
  friend: string;
  friendtype: number;
  subject: string;
  /** The language of the answer's reason text. */
  lang: string;
}

/** Success when the answer text starts with OK; otherwise the text is the reason. */
export async function uploadFile(u: FileUpload): Promise<{ ok: boolean; text: string }> {
  const form = new FormData();
  form.append('user', u.user);
  form.append('friend', u.friend);
  form.append('friendtype', String(u.friendtype));
  form.append('subject', u.subject);
  form.append('lang', u.lang);
  // The file last: a streaming parser then knows the other fields when the file arrives.
  form.append('file', u.file, u.file.name);
  const { text } = await postForm(DirectPaths.upload, form);
  return { ok: text.trimStart().startsWith('OK'), text: text.trim() };
}

export type ImageUploadResult = { ok: true; image: string } | { ok: false; message: string };

export async function uploadImage(
  file: File,
  friend: string,
  lang: string,
): Promise<ImageUploadResult> {
  const form = new FormData();
  form.append('friend', friend);
  form.append('lang', lang);
  form.append('file', file, file.name);
  const { text } = await postForm(DirectPaths.uploadImage, form);
  const answer = text.trim();
  const path = /^OK\s+(\S+)/.exec(answer)?.[1];
  return path ? { ok: true, image: path } : { ok: false, message: answer.slice(0, 300) };
}

interface GoogleDocsAnswers {
  create_auth_url: Omit<CreateAuthUrlAnswer, 'Error' | 'Errstr'>;
  check_auth: Omit<CheckAuthAnswer, 'Error' | 'Errstr'>;
  read_doc: Omit<ReadDocAnswer, 'Error' | 'Errstr'>;
}
type GoogleDocsBody<A extends keyof GoogleDocsAnswers> = Omit<
  Extract<GoogleDocsRequest, { action: A }>,
  'action'
>;

/** One call of the online-document endpoint. Error ≠ 0 is returned; a network failure throws. */
export function googleDocs<A extends keyof GoogleDocsAnswers>(action: A, body: GoogleDocsBody<A>) {
  return postJson<GoogleDocsAnswers[A]>(DirectPaths.googleDocs, { ...body, action });
}
