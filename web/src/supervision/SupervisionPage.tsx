/**
 * /app/supervision (issue 18; the spec names no route): the supervisor's supervisees' notes
 * awaiting co-signature, oldest first with their age; a note opens read-only below the list, with
 * Co-sign (the version read) and Return with a comment.
 */
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import Textarea from '@cloudscape-design/components/textarea';
import { useEffect, useState } from 'react';
import { useI18n } from '../i18n/I18nProvider';
import { formatPracticeDate, formatPracticeDateTime } from '../i18n/format';
import '../i18n/portal-messages';
import '../i18n/features/supervision';
import { loadMoreFooter } from '../common/LoadMoreFooter';
import { usePagedList } from '../common/usePagedList';
import { reportApiError } from '../shell/banners';
import { ApiError } from '../settings/graphql';
import { cosignNote, getSupervisedNote, listAwaiting, returnNote, type AwaitingRow, type SupervisedNote } from './api';

function NoteReader({ row, onDone }: { row: AwaitingRow; onDone: (message: string) => void }) {
  const { t } = useI18n();
  const [note, setNote] = useState<SupervisedNote | null>(null);
  const [comment, setComment] = useState('');
  const [returning, setReturning] = useState(false);
  const [busy, setBusy] = useState(false);
  // The comment's problem, shown on the field: left blank here, or the server's refusal of it.
  const [commentProblem, setCommentProblem] = useState<string | null>(null);
  useEffect(() => {
    setNote(null);
    getSupervisedNote(row.noteId).then(setNote, reportApiError);
  }, [row.noteId]);
  if (!note) return <Container><StatusIndicator type="loading">{t('supervision.loading')}</StatusIndicator></Container>;
  const act = async (action: () => Promise<unknown>, message: string) => {
    setBusy(true);
    try {
      await action();
      onDone(message);
    } catch (error) {
      if (returning && error instanceof ApiError && error.errorType === 'ValidationError') setCommentProblem(error.message);
      else reportApiError(error);
    } finally {
      setBusy(false);
    }
  };
  const sendBack = () => {
    if (comment.trim() === '') return setCommentProblem(t('supervision.commentRequired'));
    setCommentProblem(null);
    void act(() => returnNote(row.noteId, note.note.version, comment), t('supervision.returned'));
  };
  return (
    <Container header={<Header variant="h2" description={t('supervision.noteOf', { clinician: row.clinicianName ?? '', client: row.clientName ?? '', date: formatPracticeDate(row.date) })}>{t('supervision.readOnly')}</Header>}>
      <SpaceBetween size="m">
        {note.note.sections.map((s) => (
          <FormField key={s.key} label={t(`supervision.section.${s.key}`)}>
            <Box variant="p"><span style={{ whiteSpace: 'pre-wrap' }}>{s.text}</span></Box>
          </FormField>
        ))}
        {note.note.addenda.map((a) => (
          <FormField key={a.id} label={t('supervision.addendum', { at: formatPracticeDateTime(a.createdAt) })}><Box variant="p">{a.text}</Box></FormField>
        ))}
        {returning ? (
          <FormField label={t('supervision.comment')} description={t('supervision.commentHint')} errorText={commentProblem ?? undefined}>
            <Textarea value={comment} onChange={(e) => setComment(e.detail.value)} rows={4} invalid={Boolean(commentProblem)} />
          </FormField>
        ) : null}
        <SpaceBetween direction="horizontal" size="xs">
          {returning ? (
            <>
              <Button onClick={() => setReturning(false)} disabled={busy}>{t('supervision.cancel')}</Button>
              <Button variant="primary" loading={busy} onClick={sendBack}>{t('supervision.sendBack')}</Button>
            </>
          ) : (
            <>
              <Button onClick={() => setReturning(true)}>{t('supervision.return')}</Button>
              <Button variant="primary" loading={busy} onClick={() => void act(() => cosignNote(row.noteId, note.note.version), t('supervision.cosigned'))}>{t('supervision.cosign')}</Button>
            </>
          )}
        </SpaceBetween>
      </SpaceBetween>
    </Container>
  );
}

export default function SupervisionPage() {
  const { t } = useI18n();
  const list = usePagedList(listAwaiting);
  const [selected, setSelected] = useState<AwaitingRow | null>(null);
  const [done, setDone] = useState<string | null>(null);
  return (
    <ContentLayout header={<Header variant="h1" description={t('supervision.intro')}>{t('supervision.title')}</Header>}>
      <SpaceBetween size="l">
        {done ? <StatusIndicator type="success">{done}</StatusIndicator> : null}
        <Table
          items={list.rows}
          loading={list.loading && list.rows.length === 0}
          loadingText={t('supervision.loading')}
          selectionType="single"
          selectedItems={selected ? [selected] : []}
          onSelectionChange={(e) => { setDone(null); setSelected(e.detail.selectedItems[0] ?? null); }}
          trackBy="noteId"
          header={<Header counter={`(${list.rows.length})`}>{t('supervision.awaiting')}</Header>}
          empty={<Box textAlign="center">{t('supervision.empty')}</Box>}
          columnDefinitions={[
            { id: 'clinician', header: t('supervision.clinician'), cell: (r) => r.clinicianName ?? '' },
            { id: 'client', header: t('supervision.client'), cell: (r) => r.clientName ?? '' },
            { id: 'date', header: t('supervision.date'), cell: (r) => formatPracticeDate(r.date) },
            { id: 'signedAt', header: t('supervision.signedAt'), cell: (r) => (r.signedAt ? formatPracticeDateTime(r.signedAt) : '') },
            { id: 'age', header: t('supervision.age'), cell: (r) => t('supervision.days', { count: r.ageDays }) },
          ]}
          footer={loadMoreFooter(list, t('supervision.loadMore'))}
        />
        {selected ? <NoteReader row={selected} onDone={(message) => { setSelected(null); setDone(message); list.reload(); }} /> : null}
      </SpaceBetween>
    </ContentLayout>
  );
}
