/** The public REST gateway calls of the sign-up wizard (spec part 1 §7), POST JSON. */
import type { SignupProviderInput } from '../../../domain/signup';
import { postPublic as post, type RestResult } from '../platform/rest';

export type { RestResult };

export interface Message {
  message?: string;
  fields?: Record<string, string>;
}

export const doesUserExist = (email: string) => post<{ exists?: boolean; confirmed?: boolean }>('/doesUserExist', { email });
export const verifyNpi = (npi: string, firstName: string, lastName: string) =>
  post<Message & { match?: boolean }>('/verifyNpi', { npi, firstName, lastName });
export const checkTherapist = (npi: string) => post<{ hasTherapist?: boolean }>('/checkTherapist', { npi });
export const stageProvider = (input: SignupProviderInput, userSub: string) => post<Message & { staged?: boolean }>('/stageProvider', { input, userSub });
/** "User Already Exists" → Yes: `next` is 'signIn' (ready) or 'confirm' (confirm the e-mail code first). */
export const reuseExistingAccount = (password: string, input: SignupProviderInput) =>
  post<Message & { next?: 'signIn' | 'confirm' }>('/reuseAccount', { password, input });
export const confirmProvider = (email: string) => post<{ confirmed?: boolean; provider?: { status: string } | null }>('/confirmProvider', { email });
