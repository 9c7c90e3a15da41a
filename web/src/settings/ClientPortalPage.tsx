/**
 * Settings → Client Portal (/app/settings/client-portal): whether the practice's client portal is
 * on, its name and the greeting clients see on its home page (addClientPortal / getClientPortalDetails).
 */
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Textarea from '@cloudscape-design/components/textarea';
import Checkbox from '@cloudscape-design/components/checkbox';
import { useEffect, useState } from 'react';
import { toApiError } from '../clients/api';
import { useI18n } from '../i18n/I18nProvider';
import '../i18n/portal-messages';
import { reportApiError, useBanners } from '../shell/banners';
import { addClientPortal, clientPortalFormProblem, getClientPortalDetails, type ClientPortalDetails, type ClientPortalInput } from './client-portal-api';
import '../i18n/features/settings';

type Load = { status: 'loading' } | { status: 'ready'; details: ClientPortalDetails } | { status: 'failed' };

const fromDetails = (d: ClientPortalDetails): ClientPortalInput => ({ name: d.name ?? '', greeting: d.greeting ?? '', enabled: d.enabled, providerId: d.providerId });

export default function ClientPortalPage() {
  const { t, tm, formatDate } = useI18n();
  const banners = useBanners();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [input, setInput] = useState<ClientPortalInput>({ name: '', greeting: '', enabled: false, providerId: null });
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    getClientPortalDetails().then(
      (details) => {
        if (!live) return;
        setLoad({ status: 'ready', details });
        setInput(fromDetails(details));
      },
      (error) => {
        if (!live) return;
        reportApiError(error);
        setLoad({ status: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, []);

  const save = async () => {
    const invalid = clientPortalFormProblem(input);
    setProblem(invalid);
    if (invalid) return;
    setSaving(true);
    try {
      const details = await addClientPortal({ ...input, name: input.name.trim(), greeting: input.greeting?.trim() || null });
      setLoad({ status: 'ready', details });
      setInput(fromDetails(details));
      banners.show('success', t('settings.clientPortal.saved'));
    } catch (caught) {
      const error = toApiError(caught);
      if (error.errorType === 'ValidationError') setProblem(error.message);
      else reportApiError(caught);
    } finally {
      setSaving(false);
    }
  };

  if (load.status === 'loading') return <StatusIndicator type="loading">{t('settings.clientPortal.loading')}</StatusIndicator>;
  if (load.status === 'failed') return <Alert type="error">{t('settings.clientPortal.failed')}</Alert>;

  return (
    <ContentLayout header={<Header variant="h1" description={t('settings.clientPortal.description')}>{t('settings.clientPortal.title')}</Header>}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Form
          actions={
            <Button variant="primary" formAction="submit" loading={saving}>
              {t('settings.clientPortal.save')}
            </Button>
          }
          errorText={problem && tm(problem)}
        >
          <Container header={<Header variant="h2">{t('settings.clientPortal.section')}</Header>}>
            <SpaceBetween size="l">
              <FormField label={t('settings.clientPortal.enabled')} description={t('settings.clientPortal.enabledHint')}>
                <Checkbox checked={input.enabled} onChange={({ detail }) => setInput({ ...input, enabled: detail.checked })}>
                  {input.enabled ? t('settings.clientPortal.on') : t('settings.clientPortal.off')}
                </Checkbox>
              </FormField>
              <FormField label={t('settings.clientPortal.name')} description={t('settings.clientPortal.nameHint')}>
                <Input value={input.name} onChange={({ detail }) => setInput({ ...input, name: detail.value })} />
              </FormField>
              <FormField label={t('settings.clientPortal.greeting')} description={t('settings.clientPortal.greetingHint')}>
                <Textarea value={input.greeting ?? ''} rows={4} onChange={({ detail }) => setInput({ ...input, greeting: detail.value })} />
              </FormField>
              {load.details.updatedAt && <Box variant="small">{t('settings.clientPortal.updated', { date: formatDate(load.details.updatedAt, { style: 'timestamp' }) })}</Box>}
            </SpaceBetween>
          </Container>
        </Form>
      </form>
    </ContentLayout>
  );
}
