import { describe, expect, it } from 'vitest';
import {
  endsConversation,
  initialVoiceState,
  voiceReducer,
  type VoiceEvent,
  type VoiceState,
} from './conversation-machine.ts';

const run = (events: VoiceEvent[], from: VoiceState = initialVoiceState) => {
  const seen: string[] = [];
  let s = from;
  for (const e of events) {
    s = voiceReducer(s, e);
    seen.push(`${s.phase}${s.conversation ? '*' : ''}`);
  }
  return seen;
};

describe('conversation mode (spec part 2 §4)', () => {
  it('answer → speak → listen, until an empty transcription ends it', () => {
    expect(
      run([
        { type: 'mic' },
        { type: 'recorded' },
        { type: 'transcribed', text: 'מי רצח את הברון?' },
        { type: 'answered' },
        { type: 'recorded' },
        { type: 'transcribed', text: 'ולמה?' },
        { type: 'answered' },
        { type: 'recorded' },
        { type: 'transcribed', text: '  ' },
      ]),
    ).toEqual([
      'listening',
      'transcribing',
      'answering*',
      'listening*',
      'transcribing*',
      'answering*',
      'listening*',
      'transcribing*',
      'off',
    ]);
  });

  it('"תודה" or "thank you" alone ends it; in a sentence it does not', () => {
    expect(endsConversation('תודה')).toBe(true);
    expect(endsConversation('תודה!')).toBe(true);
    expect(endsConversation('Thank you.')).toBe(true);
    expect(endsConversation('')).toBe(true);
    expect(endsConversation('תודה, ומה עם ווטסון?')).toBe(false);
    const talking = { phase: 'transcribing', conversation: true } as const;
    expect(run([{ type: 'transcribed', text: 'Thank you!' }], talking)).toEqual(['off']);
  });

  it('a dropped recording, a failure or the end control turn everything off', () => {
    expect(run([{ type: 'mic' }, { type: 'discarded' }])).toEqual(['listening', 'off']);
    const answering = { phase: 'answering', conversation: true } as const;
    expect(run([{ type: 'end' }], answering)).toEqual(['off']);
    expect(run([{ type: 'failed' }], answering)).toEqual(['off']);
    // The microphone pressed again while listening stops listening.
    expect(run([{ type: 'mic' }, { type: 'mic' }])).toEqual(['listening', 'off']);
  });

  it('an answer read outside conversation mode does not open the microphone', () => {
    expect(run([{ type: 'answered' }])).toEqual(['off']);
  });
});
