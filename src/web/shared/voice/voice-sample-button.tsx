import './voice-sample.css';
import { ActionIcon, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Icon } from '../components/core-icons.tsx';
import { useTranslation } from '../i18n/use-translation.tsx';
import { playClip } from './player.ts';
import { fetchSpeech } from './voice-api.ts';

function SpeakerIcon() {
  return (
    <Icon size={16} className="flip-rtl">
      <path d="M4 9v6h4l5 4V5L8 9H4z" />
      <path d="M16 9a4 4 0 0 1 0 6" />
      <path d="M18.5 6.5a7.5 7.5 0 0 1 0 11" />
    </Icon>
  );
}

/**
 * The studio's "listen" button beside the voice choice: plays the server's sample sentence
 * in the chosen voice with the typed instructions (only creators and editors may ask).
 */
export function VoiceSampleButton({
  friendid,
  voice,
  instructions,
}: {
  friendid: string;
  voice: string;
  instructions: string;
}) {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<'idle' | 'loading' | 'playing'>('idle');
  const [error, setError] = useState('');
  const [offline, setOffline] = useState(false);
  const ctrl = useRef<AbortController | null>(null);
  useEffect(() => () => ctrl.current?.abort(), []);

  const toggle = async () => {
    if (ctrl.current) {
      ctrl.current.abort();
      ctrl.current = null;
      return setState('idle');
    }
    const c = (ctrl.current = new AbortController());
    setError('');
    setState('loading');
    try {
      const clip = await fetchSpeech(
        {
          preview: 1,
          friendid,
          lang: i18n.language,
          ...(voice ? { voice } : {}),
          ...(instructions.trim() ? { voice_instructions: instructions } : {}),
        },
        c.signal,
      );
      setOffline(clip.offline);
      setState('playing');
      await playClip(clip, c.signal);
    } catch (err) {
      if (!c.signal.aborted) {
        console.warn('voice sample:', err);
        setError(err instanceof Error && err.message ? err.message : t('voice.listenFailed'));
      }
    } finally {
      if (ctrl.current === c) ctrl.current = null;
      setState('idle');
    }
  };

  const label = state === 'idle' ? t('voice.listen') : t('voice.listenStop');
  return (
    <span className="voice-sample">
      <ActionIcon
        variant={state === 'idle' ? 'light' : 'filled'}
        size="md"
        onClick={() => void toggle()}
        loading={state === 'loading'}
        disabled={!voice}
        aria-label={label}
        aria-pressed={state !== 'idle'}
        title={label}
        data-testid="voice-sample"
      >
        <SpeakerIcon />
      </ActionIcon>
      {offline && state === 'playing' ? (
        <Text
          span
          size="xs"
          c="orange"
          title={t('voice.offlineVoiceHint')}
          data-testid="voice-sample-offline"
        >
          {t('voice.offlineVoice')}
        </Text>
      ) : null}
      {error ? (
        <Text span size="xs" c="red" role="alert" data-testid="voice-sample-error">
          {error}
        </Text>
      ) : null}
    </span>
  );
}
