import { storage } from '../shared/storage/storage.ts';
import { stubFetch } from './fetch-stub.ts';

/**
 * A signed-in reader (dana@example.com) for component tests: the stored e-mail, and the
 * browser's GETs stubbed. No parameters: tests pass it to beforeEach as it is.
 */
export function signIn() {
  stubFetch();
  storage.set('email', 'dana@example.com');
}
