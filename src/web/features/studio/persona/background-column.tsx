import { TEXT_LIMITS } from '../../../../protocol/constants.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.tsx';
import { LongTextField } from '../common/long-text-field.tsx';
import type { StudioForm } from '../hooks/use-studio-form.ts';

/** Column 3: the background story, the longest text of a character. */
export function BackgroundColumn({ form, locked }: { form: StudioForm; locked: boolean }) {
  const { t } = useTranslation();
  return (
    <section className="studio-column" aria-labelledby="studio-col-background">
      <h2 id="studio-col-background" className="studio-column__title">
        {t('studio.columns.background')}
      </h2>
      <LongTextField
        label={t('studio.fields.background')}
        topic="background"
        value={form.values.background}
        onChange={(v) => form.set('background', v)}
        disabled={locked}
        description={locked ? t('studio.lockedHint') : undefined}
        testId="studio-background"
        max={TEXT_LIMITS.longText}
        minRows={16}
        maxRows={40}
      />
    </section>
  );
}
