import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { useCallback, useEffect, useState } from 'react';
import { reportApiError, useBanners } from '../shell/banners';
import { useI18n } from '../i18n/I18nProvider';
import '../i18n/portal-messages';
import { chooseIntakeForm, getIntakeFormSettings, getTemplateLibrary, setDefaultIntakeForm, stopUsingIntakeForm, type IntakeFormSettings, type IntakeTemplate } from './api';
import '../i18n/features/documents';

function FormQuestions({ template }: { template: IntakeTemplate }) {
  const { t } = useI18n();
  const count = template.sections.reduce((n, s) => n + s.fields.length, 0);
  return (
    <ExpandableSection headerText={t('intakeForms.questions', { count })}>
      <SpaceBetween size="s">
        {template.sections.map((section) => (
          <div key={section.title}>
            <Box variant="h4">{section.title}</Box>
            <ul>
              {section.fields.map((field) => (
                <li key={field.key}>
                  {field.label}
                  {field.required && <Box variant="span" color="text-body-secondary">{` (${t('intakeForms.required')})`}</Box>}
                  {field.prefill && <Box variant="span" color="text-status-info">{` — ${t('intakeForms.prefills')}`}</Box>}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </SpaceBetween>
    </ExpandableSection>
  );
}

/** /app/settings/notesAndForms: the intake form template library and the practice's chosen forms (one default for new clients). */
export default function IntakeFormsPage() {
  const { t } = useI18n();
  const banners = useBanners();
  const [library, setLibrary] = useState<IntakeTemplate[] | null>(null);
  const [settings, setSettings] = useState<IntakeFormSettings | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      const [templates, chosen] = await Promise.all([getTemplateLibrary(), getIntakeFormSettings()]);
      setLibrary(templates);
      setSettings(chosen);
    } catch (error) {
      reportApiError(error);
    }
  }, []);
  useEffect(() => void load(), [load]);

  const change = async (template: IntakeTemplate, action: () => Promise<IntakeFormSettings>, done: string) => {
    setBusy(template.formName);
    try {
      setSettings(await action());
      banners.show('success', done);
    } catch (error) {
      reportApiError(error);
    } finally {
      setBusy(null);
    }
  };

  if (!library || !settings) {
    return (
      <Box padding="l">
        <Spinner /> {t('intakeForms.loading')}
      </Box>
    );
  }
  return (
    <SpaceBetween size="l">
      <Header variant="h1" description={t('intakeForms.description')}>
        {t('intakeForms.pageTitle')}
      </Header>
      {library.map((template) => {
        const chosen = settings.forms.find((f) => f.formName === template.formName);
        const isDefault = chosen?.default === true;
        const title = template.title;
        return (
          <Container
            key={template.formName}
            header={
              <Header
                variant="h2"
                description={template.description}
                actions={
                  <SpaceBetween direction="horizontal" size="xs">
                    {chosen && (
                      <Button
                        disabled={busy !== null}
                        ariaLabel={(isDefault ? t('intakeForms.clearDefaultOf', { title }) : t('intakeForms.makeDefaultOf', { title }))}
                        onClick={() =>
                          void change(template, () => setDefaultIntakeForm(template.formName, !isDefault), isDefault ? t('intakeForms.defaultCleared') : t('intakeForms.defaultSet', { title }))
                        }
                      >
                        {isDefault ? t('intakeForms.clearDefault') : t('intakeForms.makeDefault')}
                      </Button>
                    )}
                    <Button
                      variant={chosen ? 'normal' : 'primary'}
                      loading={busy === template.formName}
                      disabled={busy !== null && busy !== template.formName}
                      ariaLabel={chosen ? t('intakeForms.stopUsingOf', { title }) : t('intakeForms.useOf', { title })}
                      onClick={() =>
                        void (chosen
                          ? change(template, () => stopUsingIntakeForm(template.formName), t('intakeForms.removed', { title }))
                          : change(template, () => chooseIntakeForm(template.formName), t('intakeForms.added', { title })))
                      }
                    >
                      {chosen ? t('intakeForms.stopUsing') : t('intakeForms.use')}
                    </Button>
                  </SpaceBetween>
                }
              >
                {title}
              </Header>
            }
          >
            <SpaceBetween size="s">
              <SpaceBetween direction="horizontal" size="xs">
                <Badge color={chosen ? 'green' : 'grey'}>{chosen ? t('intakeForms.inUse') : t('intakeForms.notInUse')}</Badge>
                {isDefault && <Badge color="blue">{t('intakeForms.default')}</Badge>}
                <Box variant="span" color="text-body-secondary">
                  {t(`intakeForms.audience.${template.audience}`)}
                </Box>
              </SpaceBetween>
              <FormQuestions template={template} />
            </SpaceBetween>
          </Container>
        );
      })}
    </SpaceBetween>
  );
}
