import { useSyncExternalStore } from 'react';

/** The browser's own install offer (Chromium's `beforeinstallprompt`), kept for a click. */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

interface PwaState {
  installPrompt: InstallPromptEvent | null;
  /** A new version is installed and waits for a safe moment to load. */
  updatePending: boolean;
  /** The "Notifications and privacy" dialog is open. */
  settingsOpen: boolean;
}

let state: PwaState = { installPrompt: null, updatePending: false, settingsOpen: false };
const listeners = new Set<() => void>();

export function setPwaState(patch: Partial<PwaState>) {
  state = { ...state, ...patch };
  listeners.forEach((fn) => fn());
}

export function getPwaState(): PwaState {
  return state;
}

function subscribe(fn: () => void) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

export function usePwaState(): PwaState {
  return useSyncExternalStore(subscribe, getPwaState);
}

/** Listens from the start: the offer may come before the first screen is drawn. */
export function captureInstallPrompt(win: Window = window) {
  win.addEventListener('beforeinstallprompt', (e) => {
    // Our own button offers it, after a click (spec part 1 §2 "Install widget").
    e.preventDefault();
    setPwaState({ installPrompt: e as InstallPromptEvent });
  });
  win.addEventListener('appinstalled', () => setPwaState({ installPrompt: null }));
}
