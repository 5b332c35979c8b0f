import '@mantine/core/styles/Switch.css';
import { NativeSelect, Switch, TextInput } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.tsx';
import { FRIEND_TYPES, friendTypeTraits, TEXT_LIMITS } from '../../../../protocol/constants.ts';
import { AccessList } from '../access/access-list.tsx';
import { autoDir } from '../../../shared/i18n/auto-dir.ts';
import { FieldHead } from '../common/field-head.tsx';
import { LongTextField } from '../common/long-text-field.tsx';
import type { IdStatus } from '../hooks/use-id-check.ts';
import type { StudioForm } from '../hooks/use-studio-form.ts';
import { CategoryField } from './category-field.tsx';
import { IdField } from './id-field.tsx';
import { ImageField } from './image-field.tsx';

/** Column 1: id, name, image, description, type, categories, public flag, access list. */
export function DetailsColumn({
  form,
  idStatus,
  globalPriv,
  owner,
}: {
  form: StudioForm;
  idStatus: IdStatus;
  globalPriv: boolean;
  owner: boolean;
}) {
  const { t } = useTranslation();
  const nameId = useId();
  const typeId = useId();
  const { values, set } = form;
  // Types 2–4 are for the global privilege; a character that already has one keeps showing it.
  const types = FRIEND_TYPES.filter(
    (ft) => globalPriv || !friendTypeTraits(ft).privileged || ft === values.friendtype,
  );
  return (
    <section className="studio-column" aria-labelledby="studio-col-details">
      <h2 id="studio-col-details" className="studio-column__title">
        {t('studio.columns.details')}
      </h2>
      <IdField value={values.friendid} onChange={(v) => set('friendid', v)} status={idStatus} />
      <div className="studio-field">
        <FieldHead label={t('studio.fields.name')} topic="name" htmlFor={nameId} />
        <TextInput
          id={nameId}
          ref={autoDir}
          value={values.friendname}
          onChange={(e) => set('friendname', e.currentTarget.value)}
          maxLength={TEXT_LIMITS.friendName}
          data-testid="studio-name"
        />
      </div>
      <ImageField
        value={values.image}
        name={values.friendname}
        friendid={form.exists ? values.friendid : ''}
        onChange={(v) => set('image', v)}
      />
      <LongTextField
        label={t('studio.fields.description')}
        topic="description"
        value={values.description}
        onChange={(v) => set('description', v)}
        testId="studio-description"
        max={TEXT_LIMITS.shortText}
        minRows={3}
        maxRows={6}
      />
      <div className="studio-field">
        <FieldHead label={t('studio.fields.type')} topic="type" htmlFor={typeId} />
        <NativeSelect
          id={typeId}
          value={String(values.friendtype)}
          onChange={(e) => set('friendtype', Number(e.currentTarget.value))}
          data={types.map((ft) => ({
            value: String(ft),
            label: t(`studio.types.${ft}`),
            disabled: !globalPriv && friendTypeTraits(ft).privileged,
          }))}
          data-testid="studio-type"
        />
      </div>
      <CategoryField value={values.category} onChange={(v) => set('category', v)} />
      <div className="studio-field">
        <FieldHead label={t('studio.fields.public')} topic="public" />
        <Switch
          label={t('studio.publicLabel')}
          checked={values.publicfriend === 1}
          onChange={(e) => set('publicfriend', e.currentTarget.checked ? 1 : 0)}
          data-testid="studio-public"
        />
      </div>
      <AccessList friendid={values.friendid} enabled={form.exists} canChange={owner} />
    </section>
  );
}
