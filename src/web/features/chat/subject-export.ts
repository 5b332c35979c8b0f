import { call } from '../../shared/api/client.ts';
import { ApiError } from '../../shared/api/errors.ts';
import type { Message } from './use-conversation.ts';

export interface SubjectExport {
  friendid: string;
  friendname: string;
  subject: string;
  messages: Message[];
}

/** The whole subject, page by page (the screen may hold only its newest page). */
export async function loadSubject(friendid: string, subject: string): Promise<SubjectExport> {
  let before: number | undefined;
  let friendname: string;
  const pages: Message[][] = [];
  for (;;) {
    const a = await call('RetrieveConversation', {
      friendid,
      subject,
      limit: 500,
      ...(before ? { before } : {}),
    });
    if (a.Error !== 0) throw new ApiError(a.Error, a.Errstr ?? '');
    friendname = a.friendname;
    pages.unshift(a.chat);
    if (!a.hasmore || !a.chat[0]) break;
    before = a.chat[0].id;
  }
  return { friendid, friendname, subject, messages: pages.flat() };
}

/** A file name from the character, the subject and the day, safe on every system. */
export function exportFileName(e: SubjectExport, ext: 'md' | 'json', day: string): string {
  const clean = (s: string) =>
    s
      .trim()
      .replace(/[\\/:*?"<>|]+/g, '')
      .replace(/\s+/g, '-')
      .slice(0, 60) || 'chat';
  return `${clean(e.friendid)}-${clean(e.subject)}-${day}.${ext}`;
}

/** The subject as Markdown: a title, then each message under its speaker and time. */
export function toMarkdown(e: SubjectExport): string {
  const lines = [`# ${e.friendname} — ${e.subject}`, ''];
  for (const m of e.messages) {
    lines.push(`**${m.speaker}** · ${m.tm}`, '', m.message, '', '---', '');
  }
  return lines.join('\n');
}

/** The subject as JSON: the messages as RetrieveConversation gives them. */
export function toJson(e: SubjectExport): string {
  return JSON.stringify(
    {
      friendid: e.friendid,
      friendname: e.friendname,
      subject: e.subject,
      messages: e.messages.map((m) => ({
        id: m.id,
        role: m.role,
        speaker: m.speaker,
        tm: m.tm,
        message: m.message,
        status: m.status,
      })),
    },
    null,
    2,
  );
}

/** Offers `text` as a file download. */
export function download(name: string, text: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
