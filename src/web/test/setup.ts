import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, expect, vi } from 'vitest';
import { answerDrift } from './answer-drift.ts';

// findBy* and waitFor wait for a state and return as soon as it holds; this is only how long
// they wait before failing. The default, 1 s, is shorter than a whole screen's first render
// on a busy machine: the studio took 2.3 s with both cores busy, and over 10 s when six test
// runs shared two cores.
configure({ asyncUtilTimeout: 30_000 });

// jsdom lacks what Mantine measures with.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

class ResizeObserverShim {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverShim });
}
// Mantine's autosize textarea listens for web fonts loading.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}
if (!Element.prototype.scrollIntoView)
  Element.prototype.scrollIntoView = function scrollIntoView() {};

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  // Every test answer the action's output schema refused (mock-call.ts), then forgotten.
  const drift = answerDrift.splice(0);
  expect(drift, "test answers that the action's output schema refuses").toEqual([]);
});
