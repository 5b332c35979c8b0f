import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import type { MediaProvider } from '../registry.ts';
import { resolveMediaModels } from './media-models.ts';

const resolve = (env: Record<string, string>, providers: MediaProvider[] = []) =>
  resolveMediaModels(loadConfig(env), (p) => providers.includes(p));

describe('which model serves each media kind', () => {
  it('with no keys: offline images and speech, no transcription, no embeddings', () => {
    expect(resolve({})).toEqual({
      image: { provider: 'offline', model: 'offline-shapes' },
      speech: { provider: 'offline', model: 'espeak-ng' },
      transcription: null,
      embedding: null,
    });
  });

  it('a key turns on its provider defaults, OpenAI before Google; a compatible server alone gives none', () => {
    expect(resolve({}, ['google', 'openai'])).toMatchObject({
      image: { provider: 'openai', model: 'gpt-image-1' },
      transcription: { provider: 'openai', model: 'whisper-1' },
    });
    expect(resolve({}, ['google']).embedding).toEqual({
      provider: 'google',
      model: 'gemini-embedding-001',
    });
    expect(resolve({}, ['compatible']).transcription).toBeNull();
  });

  it('the *_MODEL variables choose, including offline and off', () => {
    expect(
      resolve(
        {
          IMAGE_MODEL: 'offline',
          SPEECH_MODEL: 'compatible:kokoro',
          TRANSCRIPTION_MODEL: 'off',
          EMBEDDING_MODEL: 'google:text-embedding-004',
        },
        ['openai', 'google', 'compatible'],
      ),
    ).toEqual({
      image: { provider: 'offline', model: 'offline-shapes' },
      speech: { provider: 'compatible', model: 'kokoro' },
      transcription: null,
      embedding: { provider: 'google', model: 'text-embedding-004' },
    });
  });

  it('a model of an unconfigured provider, or offline transcription, stops the start with a list', () => {
    let err: unknown;
    try {
      resolve({ IMAGE_MODEL: 'openai:gpt-image-1', TRANSCRIPTION_MODEL: 'offline' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    expect(String(err)).toContain('IMAGE_MODEL: openai:gpt-image-1 needs OPENAI_API_KEY');
    expect(String(err)).toContain('TRANSCRIPTION_MODEL: there is no offline transcription');
    expect(() => loadConfig({ SPEECH_MODEL: 'elevenlabs:v2' })).toThrow(/SPEECH_MODEL/);
  });
});
