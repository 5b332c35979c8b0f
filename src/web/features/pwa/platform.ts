/** Where the app runs, for the install widget (spec part 1 §2). */
export interface Platform {
  ios: boolean;
  /** Safari on a Mac (File → Add to Dock). */
  desktopSafari: boolean;
  /** Opened from the home screen or the Dock: nothing to install. */
  standalone: boolean;
}

export function detectPlatform(nav: Navigator = navigator, win: Window = window): Platform {
  const ua = nav.userAgent;
  // iPadOS says "Macintosh"; only its touch screen tells it apart.
  const ios = /iPad|iPhone|iPod/.test(ua) || (/Macintosh/.test(ua) && nav.maxTouchPoints > 1);
  const desktopSafari =
    !ios &&
    /Macintosh/.test(ua) &&
    /Safari\//.test(ua) &&
    !/Chrome|Chromium|CriOS|FxiOS|Edg|OPR|Firefox/.test(ua);
  const standalone =
    win.matchMedia?.('(display-mode: standalone)').matches === true ||
    (nav as Navigator & { standalone?: boolean }).standalone === true;
  return { ios, desktopSafari, standalone };
}
