import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Box from '@cloudscape-design/components/box';
import { confirmResetPassword, resetPassword } from 'aws-amplify/auth';
import { useState } from 'react';
import { MESSAGES } from '../../../domain/messages';
import { passwordError } from '../../../domain/signup';
import { errorName } from './errors';
import { useT } from '../i18n/I18nProvider';
import { StepForm } from './steps/StepForm';
import { isOtp, isValidEmail, normalizeEmail } from './validation';

interface Props {
  /** Called with the spec's success message once the password is changed. */
  onDone(message: string): void;
  onCancel(): void;
}

function resetErrorMessage(error: unknown): string {
  const name = errorName(error);
  if (name === 'CodeMismatchException' || name === 'ExpiredCodeException') return MESSAGES.invalidCode;
  const message = error && typeof error === 'object' && 'message' in error ? String(error.message) : '';
  return message || MESSAGES.defaultError;
}

/** Forgot password (spec part 1 §2 Login, §5): e-mail → code + new password + confirmation. */
export function ForgotPassword({ onDone, onCancel }: Props) {
  const [stage, setStage] = useState<'email' | 'reset'>('email');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const t = useT();

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (e) {
      setError(resetErrorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const sendCode = () => {
    if (!isValidEmail(email)) return setError(MESSAGES.forgotPasswordEmail);
    void run(async () => {
      try {
        await resetPassword({ username: normalizeEmail(email) });
      } catch (e) {
        // Do not tell a stranger whether the address has an account: go on as if a code was sent.
        if (errorName(e) !== 'UserNotFoundException') throw e;
      }
      setStage('reset');
    });
  };

  const changePassword = () => {
    if (!isOtp(code)) return setError(MESSAGES.invalidCode);
    const invalid = passwordError(password, confirm);
    if (invalid) return setError(invalid);
    void run(async () => {
      await confirmResetPassword({ username: normalizeEmail(email), confirmationCode: code.trim(), newPassword: password });
      onDone(MESSAGES.passwordChanged);
    });
  };

  if (stage === 'email') {
    return (
      <StepForm submitLabel={t('forgot.sendCode')} busy={busy} error={error} onSubmit={sendCode} onBack={onCancel}>
        <Box variant="p">{t('forgot.intro')}</Box>
        <FormField label={t('signin.field.email')}>
          <Input type="email" inputMode="email" autoComplete="username" autoFocus value={email} onChange={({ detail }) => setEmail(detail.value)} />
        </FormField>
      </StepForm>
    );
  }
  return (
    <StepForm submitLabel={t('forgot.changePassword')} busy={busy} error={error} onSubmit={changePassword} onBack={onCancel}>
      <Box variant="p">{t('forgot.codeSent')}</Box>
      <FormField label={t('signin.field.code')}>
        <Input inputMode="numeric" autoComplete="one-time-code" autoFocus value={code} onChange={({ detail }) => setCode(detail.value)} />
      </FormField>
      <FormField label={t('signin.field.newPassword')} constraintText={t('password.hint')}>
        <Input type="password" autoComplete="new-password" value={password} onChange={({ detail }) => setPassword(detail.value)} />
      </FormField>
      <FormField label={t('forgot.confirmNewPassword')}>
        <Input type="password" autoComplete="new-password" value={confirm} onChange={({ detail }) => setConfirm(detail.value)} />
      </FormField>
    </StepForm>
  );
}
