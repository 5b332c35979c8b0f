import '@mantine/core/styles/Slider.css';
import { NativeSelect, Slider, Textarea } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.tsx';
import { SLIDER_RANGE, VOICES, TEXT_LIMITS } from '../../../../protocol/constants.ts';
import { useModels } from '../api.ts';
import { autoDir } from '../../../shared/i18n/auto-dir.ts';
import { FieldHead } from '../common/field-head.tsx';
import { VoiceSampleButton } from '../../../shared/voice/voice-sample-button.tsx';
import type { HelpTopic } from '../../../shared/help/help.ts';
import { LongTextField } from '../common/long-text-field.tsx';
import type { StudioForm } from '../hooks/use-studio-form.ts';

/** Column 2: personality, first message, voice, voice instructions, model, the two sliders. */
export function PersonaColumn({
  form,
  locked,
  globalPriv,
}: {
  form: StudioForm;
  /** Until the id is known to be unique. */
  locked: boolean;
  globalPriv: boolean;
}) {
  const { t } = useTranslation();
  const voiceId = useId();
  const instructionsId = useId();
  const modelId = useId();
  const models = useModels(globalPriv);
  const { values, set } = form;
  const modelOptions = [...new Set([values.model, ...(models.data ?? [])])].filter(Boolean);
  const lockedHint = locked ? t('studio.lockedHint') : undefined;
  return (
    <section className="studio-column" aria-labelledby="studio-col-persona">
      <h2 id="studio-col-persona" className="studio-column__title">
        {t('studio.columns.persona')}
      </h2>
      <LongTextField
        label={t('studio.fields.personality')}
        topic="personality"
        value={values.personality}
        onChange={(v) => set('personality', v)}
        disabled={locked}
        description={lockedHint}
        testId="studio-personality"
        max={TEXT_LIMITS.longText}
        minRows={8}
        maxRows={18}
      />
      <LongTextField
        label={t('studio.fields.firstprompt')}
        topic="firstprompt"
        value={values.firstprompt}
        onChange={(v) => set('firstprompt', v)}
        disabled={locked}
        description={lockedHint}
        testId="studio-firstprompt"
        max={TEXT_LIMITS.longText}
        minRows={3}
        maxRows={8}
      />
      <div className="studio-field">
        <FieldHead label={t('studio.fields.voice')} topic="voice" htmlFor={voiceId} />
        <NativeSelect
          id={voiceId}
          value={values.voice}
          onChange={(e) => set('voice', e.currentTarget.value)}
          data={[
            { value: '', label: t('studio.voice.none') },
            ...VOICES.map((v) => ({
              value: v.voice,
              label: `${v.voice} · ${t(`studio.voice.gender.${v.gender}`)} · ${t(`studio.voice.tone.${v.tone}`)}`,
            })),
          ]}
          data-testid="studio-voice"
        />
        <VoiceSampleButton
          friendid={values.friendid}
          voice={values.voice}
          instructions={values.voice_instructions}
        />
      </div>
      <div className="studio-field">
        <FieldHead
          label={t('studio.fields.voice_instructions')}
          topic="voice_instructions"
          htmlFor={instructionsId}
        />
        <Textarea
          id={instructionsId}
          ref={autoDir}
          value={values.voice_instructions}
          onChange={(e) => set('voice_instructions', e.currentTarget.value)}
          placeholder={t('studio.voice.instructionsPlaceholder')}
          autosize
          minRows={2}
          maxRows={5}
          maxLength={TEXT_LIMITS.shortText}
          data-testid="studio-voice-instructions"
        />
      </div>
      {globalPriv ? (
        <div className="studio-field">
          <FieldHead label={t('studio.fields.model')} topic="model" htmlFor={modelId} />
          <NativeSelect
            id={modelId}
            value={values.model}
            onChange={(e) => set('model', e.currentTarget.value)}
            data={modelOptions}
            dir="ltr"
            data-testid="studio-model"
          />
        </div>
      ) : null}
      <SliderField
        label={t('studio.fields.temp')}
        topic="temp"
        value={values.temp}
        onChange={(v) => set('temp', v)}
        ends={[t('studio.sliders.tempLow'), t('studio.sliders.tempHigh')]}
        testId="studio-temp"
      />
      <SliderField
        label={t('studio.fields.top_p')}
        topic="top_p"
        value={values.top_p}
        onChange={(v) => set('top_p', v)}
        ends={[t('studio.sliders.toppLow'), t('studio.sliders.toppHigh')]}
        testId="studio-topp"
      />
    </section>
  );
}

function SliderField({
  label,
  topic,
  value,
  onChange,
  ends,
  testId,
}: {
  label: string;
  topic: HelpTopic;
  value: number;
  onChange: (v: number) => void;
  ends: [string, string];
  testId: string;
}) {
  return (
    <div className="studio-field">
      <FieldHead label={label} topic={topic}>
        <span className="studio-slider__value" data-testid={`${testId}-value`}>
          {value}
        </span>
      </FieldHead>
      <Slider
        min={SLIDER_RANGE.min}
        max={SLIDER_RANGE.max}
        step={1}
        value={value}
        onChange={onChange}
        thumbLabel={label}
        label={null}
        className="studio-slider"
        data-testid={testId}
      />
      <div className="studio-slider__ends" aria-hidden="true">
        <span>{ends[0]}</span>
        <span>{ends[1]}</span>
      </div>
    </div>
  );
}
