import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Modal from '@cloudscape-design/components/modal';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import Textarea from '@cloudscape-design/components/textarea';
import { useEffect, useState } from 'react';
import { SystemErrorAlert } from '../common/SystemErrorAlert';
import { toApiError, type ApiError } from '../settings/graphql';
import {
  createProgressNote, editProgressNote, getProgressNote, getProgressNoteMetadata, type Appointment, type NoteTemplate, type NoteTemplateMeta, type ProgressNote,
} from './api';
import { APPOINTMENT_MESSAGES } from './messages';
import { isBlankNoteText } from '../../../domain/progress-note';
import { formatInZone, wallClock } from './time';
import { languageTag, useI18n } from '../i18n/I18nProvider';
import '../i18n/portal-messages';
import { NoteCosignLine } from '../supervision/NoteCosignLine';

/** Sections and templates the catalog names (appointments.note.*); others show the service's label. */
const SECTION_KEYS = ['subjective', 'objective', 'assessment', 'plan', 'data', 'behavior', 'intervention', 'response', 'note'];

export interface ProgressNoteModalProps {
  appointment: Appointment;
  zone: string;
  /** Only the appointment's own clinician writes, signs and adds to its note (the API enforces it). */
  canWrite: boolean;
  onDismiss: () => void;
  /** A note was created (the appointment now has one). */
  onSaved: (note: ProgressNote) => void;
}

type Load = { status: 'loading' } | { status: 'ready'; templates: NoteTemplateMeta[]; note: ProgressNote | null } | { status: 'failed'; message: string };

/**
 * The progress note of an appointment: a template (SOAP, DAP, BIRP or free form) with one text
 * box per section, saved as a draft or saved and signed. A signed note is read-only: its sections
 * never change, and later additions are addenda shown under it.
 */
export function ProgressNoteModal({ appointment, zone, canWrite, onDismiss, onSaved }: ProgressNoteModalProps) {
  const { t, tm, locale } = useI18n();
  /** A moment in practice time, its weekday in the page's language. */
  const when = (utc: string) => formatInZone(utc, zone, languageTag(locale));
  const sectionLabel = (s: { key: string; label: string }) => (SECTION_KEYS.includes(s.key) ? t(`appointments.note.section.${s.key}`) : s.label);
  const templateLabel = (m: { template: string; label: string }) => (m.template === 'FREE' ? t('appointments.note.freeForm') : m.label);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [template, setTemplate] = useState<NoteTemplate>('SOAP');
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [addendum, setAddendum] = useState('');
  const [addendumError, setAddendumError] = useState<string | null>(null);
  const [saving, setSaving] = useState<'save' | 'sign' | 'addendum' | null>(null);
  const [failure, setFailure] = useState<string | ApiError | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  /** "Save and sign" on a note with no content: refused here as the API would (nothing sent). */
  const [emptyError, setEmptyError] = useState<string | null>(null);

  const show = (templates: NoteTemplateMeta[], note: ProgressNote | null) => {
    setLoad({ status: 'ready', templates, note });
    if (note) {
      setTemplate(note.template);
      setTexts(Object.fromEntries(note.sections.map((s) => [s.key, s.text])));
    }
  };

  useEffect(() => {
    let live = true;
    Promise.all([getProgressNoteMetadata(), getProgressNote(appointment.id)]).then(
      ([templates, note]) => live && show(templates, note),
      (error: unknown) => live && setLoad({ status: 'failed', message: toApiError(error).message }),
    );
    return () => {
      live = false;
    };
  }, [appointment.id]);

  if (load.status !== 'ready') {
    return (
      <Modal visible size="large" onDismiss={onDismiss} header={t('appointments.details.note')}>
        {load.status === 'loading' ? <Spinner size="large" /> : <SystemErrorAlert detail={load.message} />}
      </Modal>
    );
  }

  const { templates, note } = load;
  const meta = templates.find((t) => t.template === template) ?? templates[0];
  const sections = meta ? meta.sections : [];
  const signed = Boolean(note?.signed);
  const readOnly = !canWrite;

  const reloadAfterConflict = async () => {
    const latest = await getProgressNote(appointment.id).catch(() => null);
    show(templates, latest);
    setNotice(tm(APPOINTMENT_MESSAGES.noteConflict));
  };

  const save = async (sign: boolean) => {
    const sectionInput = sections.map((s) => ({ key: s.key, text: texts[s.key] ?? '' }));
    setFailure(null);
    setNotice(null);
    if (sign && sectionInput.every((s) => isBlankNoteText(s.text))) {
      setEmptyError(tm(APPOINTMENT_MESSAGES.noteEmpty));
      return;
    }
    setEmptyError(null);
    setSaving(sign ? 'sign' : 'save');
    try {
      const saved = note
        ? await editProgressNote(note.id, { version: note.version, sections: sectionInput, sign })
        : await createProgressNote(appointment.id, wallClock(appointment.start, zone).date, { template, sections: sectionInput, sign });
      show(templates, saved);
      setNotice(sign ? t('appointments.note.signed') : t('appointments.note.saved'));
      onSaved(saved);
    } catch (caught) {
      const error = toApiError(caught);
      if (error.errorType === 'ConflictError') await reloadAfterConflict();
      else setFailure(error);
    } finally {
      setSaving(null);
    }
  };

  const addAddendum = async () => {
    if (!note) return;
    if (!addendum.trim()) {
      setAddendumError(tm(APPOINTMENT_MESSAGES.addendumRequired));
      return;
    }
    setAddendumError(null);
    setSaving('addendum');
    setFailure(null);
    setNotice(null);
    try {
      const saved = await editProgressNote(note.id, { version: note.version, addendum: addendum.trim() });
      show(templates, saved);
      setAddendum('');
      setNotice(t('appointments.note.addendumAdded'));
      onSaved(saved);
    } catch (caught) {
      const error = toApiError(caught);
      if (error.errorType === 'ConflictError') await reloadAfterConflict();
      else setFailure(error);
    } finally {
      setSaving(null);
    }
  };

  const footer = (
    <Box float="right">
      <SpaceBetween direction="horizontal" size="xs">
        <Button variant={signed || readOnly ? 'primary' : 'link'} onClick={onDismiss}>
          {t('appointments.details.close')}
        </Button>
        {!signed && !readOnly && (
          <>
            <Button loading={saving === 'save'} onClick={() => void save(false)}>
              {t('appointments.form.save')}
            </Button>
            <Button variant="primary" loading={saving === 'sign'} onClick={() => void save(true)}>
              {t('appointments.note.saveAndSign')}
            </Button>
          </>
        )}
      </SpaceBetween>
    </Box>
  );

  return (
    <Modal visible size="large" onDismiss={onDismiss} header={t('appointments.note.title', { name: appointment.clientName })} footer={footer}>
      <SpaceBetween size="l">
        <Box variant="p" color="text-body-secondary">
          {when(appointment.start)}
          {note?.signedAt ? ` · ${t('appointments.note.signedAt', { when: when(note.signedAt) })}` : ''}
        </Box>
        {note && <NoteCosignLine noteId={note.id} version={note.version} />}
        {notice && <Alert type="success">{notice}</Alert>}
        {failure && <SystemErrorAlert detail={failure} onDismiss={() => setFailure(null)} />}
        {emptyError && <Alert type="error">{emptyError}</Alert>}
        {!note && !readOnly && (
          <FormField label={t('appointments.note.template')}>
            <Select
              selectedOption={meta ? { value: meta.template, label: templateLabel(meta) } : null}
              onChange={({ detail }) => setTemplate((detail.selectedOption.value ?? 'SOAP') as NoteTemplate)}
              options={templates.map((m) => ({ value: m.template, label: templateLabel(m) }))}
            />
          </FormField>
        )}
        {!note && readOnly && <Box>{t('appointments.note.none')}</Box>}
        {signed || (readOnly && note) ? (
          <SpaceBetween size="m">
            <Header variant="h3" description={signed ? t('appointments.note.signedHint') : undefined}>
              {meta ? templateLabel(meta) : t('appointments.note.section.note')}
            </Header>
            {sections.map((s) => (
              <div key={s.key}>
                <Box variant="awsui-key-label">{sectionLabel(s)}</Box>
                <Box variant="p">
                  <span style={{ whiteSpace: 'pre-wrap' }}>{texts[s.key] || '-'}</span>
                </Box>
              </div>
            ))}
          </SpaceBetween>
        ) : (
          !readOnly &&
          sections.map((s) => (
            <FormField key={s.key} label={sectionLabel(s)} stretch>
              <Textarea
                value={texts[s.key] ?? ''}
                rows={4}
                onChange={({ detail }) => {
                  setEmptyError(null);
                  setTexts((t) => ({ ...t, [s.key]: detail.value }));
                }}
              />
            </FormField>
          ))
        )}
        {note && note.addenda.length > 0 && (
          <SpaceBetween size="s">
            <Header variant="h3">{t('appointments.note.addenda')}</Header>
            {note.addenda.map((item) => (
              <div key={item.id}>
                <Box variant="awsui-key-label">{when(item.createdAt)}</Box>
                <Box variant="p">
                  <span style={{ whiteSpace: 'pre-wrap' }}>{item.text}</span>
                </Box>
              </div>
            ))}
          </SpaceBetween>
        )}
        {signed && !readOnly && (
          <SpaceBetween size="xs">
            <FormField label={t('appointments.note.addAddendum')} errorText={addendumError} stretch>
              <Textarea value={addendum} rows={3} onChange={({ detail }) => setAddendum(detail.value)} invalid={Boolean(addendumError)} />
            </FormField>
            <Button loading={saving === 'addendum'} onClick={() => void addAddendum()}>
              {t('appointments.note.addAddendum')}
            </Button>
          </SpaceBetween>
        )}
      </SpaceBetween>
    </Modal>
  );
}
