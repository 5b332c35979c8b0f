import { screen } from '@testing-library/react';
import { Navigate, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { usePageTitle } from '../hooks/page-title.ts';
import { answerCalls, inputsOf } from '../../test/mock-call.ts';
import { stubFetch } from '../../test/fetch-stub.ts';
import { renderRoutes } from '../../test/render.tsx';
import { resetPageViews } from './page-views.ts';

vi.mock('../api/client.ts', () => ({ call: vi.fn() }));

function Screen({ title }: { title: string }) {
  usePageTitle(title);
  return <h1>{title}</h1>;
}

describe('page views', () => {
  beforeEach(() => {
    resetPageViews();
    stubFetch();
    answerCalls({ TrackPageView: { Error: 0 } });
  });

  it('the first load through the / redirect counts one view, of the screen shown', async () => {
    renderRoutes(
      <Routes>
        <Route path="/" element={<Navigate to="/home" replace />} />
        <Route path="/home" element={<Screen title="Home" />} />
      </Routes>,
      { route: '/' },
    );
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    await vi.waitFor(() => expect(inputsOf('TrackPageView')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 0));
    expect(inputsOf('TrackPageView').map((i) => i.path)).toEqual(['/home']);
  });
});
