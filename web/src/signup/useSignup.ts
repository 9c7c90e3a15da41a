import { resendSignUpCode, signUp } from 'aws-amplify/auth';
import { useCallback, useState } from 'react';
import { MESSAGES } from '../../../domain/messages';
import { checkTherapist, doesUserExist, reuseExistingAccount, stageProvider, verifyNpi } from './api';
import { emptyForm, stepBanner, stepErrors, toProviderInput, type FormErrors, type SignupForm } from './form';
import '../i18n/pages/signup';

export type SignupModal = 'confirm' | 'userExists' | null;
export type SignupOutcome = 'verified' | 'notVerified' | null;

const errorName = (e: unknown) => (e && typeof e === 'object' && 'name' in e ? String(e.name) : '');
const errorText = (e: unknown) => (e && typeof e === 'object' && 'message' in e ? String(e.message) : '');

/** The sign-up wizard's state machine (spec part 1 §4 "Sign-up wizard"). The page only renders it. */
export function useSignup() {
  const [form, setFormState] = useState<SignupForm>(emptyForm);
  const [step, setStep] = useState(0);
  const [errors, setErrors] = useState<FormErrors>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [emailNote, setEmailNote] = useState<string | null>(null);
  const [modal, setModal] = useState<SignupModal>(null);
  const [outcome, setOutcome] = useState<SignupOutcome>(null);

  const set = useCallback((patch: Partial<SignupForm>) => setFormState((f) => ({ ...f, ...patch })), []);
  const email = form.email.trim().toLowerCase();

  const fail = (nextErrors: FormErrors, message: string | null) => {
    setErrors(nextErrors);
    setBanner(message);
    return false;
  };

  /** Local rules of one step, then (step 0) the NPI registry and the already-registered check. */
  const checkStep = async (index: number): Promise<boolean> => {
    const found = stepErrors(index, form);
    const message = stepBanner(index, form, found);
    if (message) return fail(found, message);
    if (index === 0) {
      const npi = form.npi.trim();
      const registry = await verifyNpi(npi, form.firstName.trim(), form.lastName.trim());
      if (registry.status === 400) return fail((registry.body.fields ?? {}), registry.body.message ?? MESSAGES.missingRequired);
      if (registry.status !== 200) return fail({}, MESSAGES.npiLookupFailed);
      if (!registry.body.match) return fail({}, registry.body.message ?? MESSAGES.npiMismatch);
      const taken = await checkTherapist(npi);
      if (taken.status !== 200) return fail({}, MESSAGES.defaultError);
      if (taken.body.hasTherapist) return fail({}, MESSAGES.npiTaken);
    }
    setErrors({});
    setBanner(null);
    return true;
  };

  const guarded = async (work: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    try {
      await work();
    } catch {
      // Network failures: the default banner; the error itself may echo form data, so it is not logged.
      setBanner(MESSAGES.defaultError);
    } finally {
      setBusy(false);
    }
  };

  const navigate = (requested: number) => {
    if (requested <= step) {
      setErrors({});
      setBanner(null);
      setStep(requested);
      return;
    }
    void guarded(async () => {
      if (await checkStep(step)) setStep(step + 1);
    });
  };

  const onEmailBlur = () => {
    if (!email) return setEmailNote(null);
    doesUserExist(email)
      .then(({ status, body }) => setEmailNote(status === 200 && body.exists ? MESSAGES.emailExists : null))
      .catch(() => setEmailNote(null));
  };

  const submit = () =>
    void guarded(async () => {
      for (let index = 0; index < 3; index++) {
        const found = stepErrors(index, form);
        const message = stepBanner(index, form, found);
        if (message) {
          setStep(index);
          fail(found, message);
          return;
        }
      }
      const input = toProviderInput(form);
      let userSub: string | undefined;
      try {
        const out = await signUp({
          username: email,
          password: form.password,
          options: {
            userAttributes: {
              email,
              given_name: input.firstName,
              family_name: input.lastName,
              name: `${input.firstName} ${input.lastName}`,
              phone_number: input.phone,
            },
          },
        });
        userSub = out.userId;
      } catch (e) {
        if (errorName(e) === 'UsernameExistsException') return void setModal('userExists');
        const text = errorText(e);
        setBanner(text.includes('EMAIL_EXISTS') ? MESSAGES.emailExists : text || MESSAGES.defaultError);
        return;
      }
      const staged = await stageProvider(input, userSub ?? '');
      if (staged.status === 409) return void setBanner(MESSAGES.npiTaken);
      if (staged.status !== 200) return void setBanner(staged.body.message ?? MESSAGES.defaultError);
      setBanner(null);
      setModal('confirm');
    });

  /**
   * "User Already Exists" → Yes: the same account becomes a clinician account. The server proves
   * the password typed here is that account's (functions/reuse-account) and stages the sign-up; a
   * confirmed account is ready at once, an unconfirmed one confirms its e-mail code first.
   */
  const reuseAccount = () =>
    void guarded(async () => {
      const result = await reuseExistingAccount(form.password, toProviderInput(form));
      if (result.status === 200 && result.body.next === 'signIn') {
        setModal(null);
        setBanner(null);
        setOutcome('verified');
        return;
      }
      if (result.status === 200) {
        try {
          await resendSignUpCode({ username: email });
          setBanner(null);
          setModal('confirm');
        } catch (e) {
          setModal(null);
          setBanner(errorText(e) || MESSAGES.defaultError);
        }
        return;
      }
      setModal(null);
      setBanner(result.body.message ?? MESSAGES.defaultError);
    });

  /** "User Already Exists" → No: clear the form. */
  const startOver = () => {
    setFormState(emptyForm());
    setErrors({});
    setBanner(null);
    setEmailNote(null);
    setModal(null);
    setStep(0);
  };

  const confirmed = () => {
    setModal(null);
    setOutcome('verified');
  };
  const confirmLater = () => {
    setModal(null);
    setOutcome('notVerified');
  };

  return { form, set, step, errors, banner, busy, emailNote, modal, outcome, email, navigate, onEmailBlur, submit, reuseAccount, startOver, confirmed, confirmLater };
}

export type SignupState = ReturnType<typeof useSignup>;
