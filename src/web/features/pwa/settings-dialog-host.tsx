import { lazy, Suspense } from 'react';
import { setPwaState, usePwaState } from './pwa-state.ts';

const PushSettingsDialog = lazy(() => import('./settings-dialog.tsx'));

/**
 * The notifications dialog, mounted in the top bar for a signed-in user; anything may open it
 * through `setPwaState`. Apart from the menu item: the menu itself loads on first use.
 */
export function NotificationsDialogHost() {
  const { settingsOpen } = usePwaState();
  return settingsOpen ? (
    <Suspense fallback={null}>
      <PushSettingsDialog onClose={() => setPwaState({ settingsOpen: false })} />
    </Suspense>
  ) : null;
}
