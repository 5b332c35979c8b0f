import { CONVERSATION_ENDERS } from '../../../../protocol/voice-constants.ts';

/**
 * Spoken conversation (spec part 2 §4): the microphone listens; a transcribed turn is sent
 * as a message, which turns conversation mode on; each answer is read aloud and listening
 * starts again. An empty transcription, or a thank-you alone, ends it, as does the visible
 * end control. A recording dropped as too small or too quiet ends listening quietly.
 */
export type VoicePhase = 'off' | 'listening' | 'transcribing' | 'answering';

export interface VoiceState {
  phase: VoicePhase;
  /** Answers are read and listening restarts after each. */
  conversation: boolean;
}

export type VoiceEvent =
  | { type: 'mic' }
  | { type: 'recorded' }
  | { type: 'discarded' }
  | { type: 'transcribed'; text: string }
  | { type: 'failed' }
  | { type: 'answered' }
  | { type: 'end' };

export const initialVoiceState: VoiceState = { phase: 'off', conversation: false };

/** "תודה", "Thank you!" and the like, alone, say goodbye. */
export function endsConversation(text: string): boolean {
  const t = text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return t === '' || CONVERSATION_ENDERS.includes(t);
}

export function voiceReducer(s: VoiceState, e: VoiceEvent): VoiceState {
  switch (e.type) {
    case 'mic':
      // The microphone button toggles: pressed while listening, it stops.
      return s.phase === 'off' ? { ...s, phase: 'listening' } : initialVoiceState;
    case 'recorded':
      return s.phase === 'listening' ? { ...s, phase: 'transcribing' } : s;
    case 'discarded':
      return s.phase === 'listening' ? initialVoiceState : s;
    case 'transcribed':
      if (s.phase !== 'transcribing') return s;
      return endsConversation(e.text)
        ? initialVoiceState
        : { phase: 'answering', conversation: true };
    case 'answered':
      return s.phase === 'answering' && s.conversation ? { ...s, phase: 'listening' } : s;
    case 'failed':
    case 'end':
      return initialVoiceState;
  }
}
