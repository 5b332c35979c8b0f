/**
 * Test answers that the action's own output schema refuses (a field missing, renamed or of
 * another type): a fake answer that drifted from what the server really answers. mock-call.ts
 * fills it; the web setup fails the test that gave one (setup.ts), so a screen is never tested
 * on an answer the server cannot give. A module of its own: the setup must not import the API
 * client before a test file mocks it.
 */
export const answerDrift: string[] = [];
