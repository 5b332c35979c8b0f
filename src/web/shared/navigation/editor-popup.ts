import { BREAKPOINTS, EDITOR_FRIEND_ID } from '../../../protocol/constants.ts';

/** The editor's chat about a character: /chat/sharoneditor/:friendid (spec part 1 §2). */
export const editorChatPath = (friendid: string) =>
  `/chat/${EDITOR_FRIEND_ID}/${encodeURIComponent(friendid)}`;

/**
 * Opens the editor's chat about a character (/chat/sharoneditor/:friendid) in a popup
 * window 40% × 80% of the screen, at the screen's end side; below 900 px it takes the whole
 * screen. Answers the window (null when the browser blocked it).
 */
export function openEditorPopup(
  friendid: string,
  win: Pick<Window, 'open' | 'screen'> & { document?: Document } = window,
): Window | null {
  const w = win.screen.availWidth || 1280;
  const h = win.screen.availHeight || 800;
  const url = editorChatPath(friendid);
  if (w < BREAKPOINTS.editorPopupFullScreen)
    return win.open(url, EDITOR_FRIEND_ID, `popup,left=0,top=0,width=${w},height=${h}`);
  const width = Math.round(w * 0.4);
  const height = Math.round(h * 0.8);
  const rtl = win.document?.documentElement.dir === 'rtl';
  const left = rtl ? 0 : w - width;
  const top = Math.round((h - height) / 2);
  return win.open(
    url,
    EDITOR_FRIEND_ID,
    `popup,left=${left},top=${top},width=${width},height=${height}`,
  );
}
