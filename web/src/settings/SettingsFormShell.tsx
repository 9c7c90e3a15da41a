import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import type { ReactNode } from 'react';
import { SystemErrorAlert } from '../common/SystemErrorAlert';
import { useI18n } from '../i18n/I18nProvider';
import '../i18n/portal-messages';
import { CONFLICT_MESSAGE } from './form';
import type { SettingsForm } from './useSettingsForm';
import '../i18n/features/settings';

type ShellState = Pick<SettingsForm, 'base' | 'loadFailure' | 'saving' | 'conflict' | 'dismissConflict' | 'failure' | 'dismissFailure'>;

/**
 * The frame of a settings form (useSettingsForm): a spinner while it loads, the failure in place if
 * it cannot, then the titled form with Save, the stale-save notice, a refusal or system error, and
 * the page's sections.
 */
export function SettingsFormShell({ form, title, onSubmit, children }: { form: ShellState; title: string; onSubmit: () => void; children: ReactNode }) {
  const { t, tm } = useI18n();
  if (!form.base) return form.loadFailure ? <SystemErrorAlert detail={form.loadFailure} /> : <Spinner size="large" />;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Form
        header={<Header variant="h1">{title}</Header>}
        actions={
          <Button variant="primary" loading={form.saving}>
            {t('settings.save')}
          </Button>
        }
      >
        <SpaceBetween size="l">
          {form.conflict && (
            <Alert type="warning" dismissible onDismiss={form.dismissConflict}>
              {tm(CONFLICT_MESSAGE)}
            </Alert>
          )}
          {form.failure !== null && <SystemErrorAlert detail={form.failure} onDismiss={form.dismissFailure} />}
          {children}
        </SpaceBetween>
      </Form>
    </form>
  );
}
