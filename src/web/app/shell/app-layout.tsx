import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PwaShell } from '../../features/pwa/pwa-shell.tsx';
import { PageLoader } from '../../shared/components/page-loader.tsx';
import { useSessionCheck } from '../../shared/session/use-session-check.ts';
import { BusyOverlay } from './busy-overlay.tsx';
import { Footer } from './footer.tsx';
import { ScreenErrorBoundary } from './screen-error-boundary.tsx';
import { MAIN_ID, useRouteFocus } from './route-focus.ts';
import { SkipLinks } from './skip-links.tsx';
import { TopBar } from './top-bar.tsx';

/** The frame around every screen: top bar, the screen, footer, and the busy overlay. */
export function AppLayout() {
  const { pathname } = useLocation();
  // At start, on every screen: a stored user whose session has ended is forgotten.
  useSessionCheck();
  useRouteFocus();
  return (
    <div className="app">
      <SkipLinks />
      <TopBar />
      <PwaShell />
      <main className="app__main" id={MAIN_ID}>
        <ScreenErrorBoundary key={pathname}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </ScreenErrorBoundary>
      </main>
      <Footer />
      <BusyOverlay />
    </div>
  );
}
