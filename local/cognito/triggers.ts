/**
 * In-process Lambda triggers. cognito-local invokes triggers through an AWS Lambda client
 * (LambdaService.invoke → lambda.invoke(...).promise()); this adapter has the same
 * `enabled`/`invoke` surface but calls the given functions directly with the event shapes real
 * Cognito sends (PostConfirmation_ConfirmSignUp, TokenGeneration_* V1 with groupConfiguration).
 */
import { LOCAL_REGION } from '../../domain/identity.ts';
import { cognitoError, type Ctx } from './cognito-local.ts';

/**
 * A Lambda handler run in process (functions/post-confirmation, functions/pre-token-generation):
 * each takes its own trigger event type, so the event is the boundary here, as in Lambda.
 */
export type TriggerFunction = (event: any) => Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
export interface TriggerFunctions {
  postConfirmation?: TriggerFunction;
  preTokenGeneration?: TriggerFunction;
}

const NAMES: Record<string, keyof TriggerFunctions> = {
  PostConfirmation: 'postConfirmation',
  PreTokenGeneration: 'preTokenGeneration',
};

/** The part of cognito-local's trigger `invoke` payload we read. */
interface InvokeEvent {
  clientId?: string | null;
  clientMetadata?: Record<string, string>;
  triggerSource: string;
  userAttributes: Record<string, string>;
  username: string;
  userPoolId: string;
  groupConfiguration?: { groupsToOverride?: readonly string[]; iamRolesToOverride?: readonly string[]; preferredRole?: string | null };
}

export function cognitoEvent(event: InvokeEvent): Record<string, unknown> {
  const base = {
    version: '1',
    region: LOCAL_REGION,
    userPoolId: event.userPoolId,
    userName: event.username,
    callerContext: { awsSdkVersion: 'aws-sdk-unknown-unknown', clientId: event.clientId ?? 'CLIENT_ID_NOT_APPLICABLE' },
    triggerSource: event.triggerSource,
  };
  if (event.triggerSource.startsWith('TokenGeneration_')) {
    return {
      ...base,
      request: {
        userAttributes: event.userAttributes,
        groupConfiguration: {
          groupsToOverride: event.groupConfiguration?.groupsToOverride ?? [],
          iamRolesToOverride: event.groupConfiguration?.iamRolesToOverride ?? [],
          preferredRole: event.groupConfiguration?.preferredRole ?? null,
        },
        ...(event.clientMetadata ? { clientMetadata: event.clientMetadata } : {}),
      },
      response: { claimsOverrideDetails: null },
    };
  }
  return {
    ...base,
    request: { userAttributes: event.userAttributes, ...(event.clientMetadata ? { clientMetadata: event.clientMetadata } : {}) },
    response: {},
  };
}

/** Drop-in for cognito-local's LambdaService. */
export class InProcessLambda {
  constructor(private readonly functions: TriggerFunctions) {}

  enabled(trigger: string): boolean {
    const name = NAMES[trigger];
    return !!(name && this.functions[name]);
  }

  // Returns what the trigger's `response` holds, untyped like cognito-local's own LambdaService.invoke.
  async invoke(ctx: Ctx, trigger: string, event: InvokeEvent): Promise<any> { // eslint-disable-line @typescript-eslint/no-explicit-any
    const fn = NAMES[trigger] && this.functions[NAMES[trigger]];
    if (!fn) throw new Error(`${trigger} trigger not configured`);
    const lambdaEvent = cognitoEvent(event);
    try {
      const result = await fn(lambdaEvent);
      return (result ?? lambdaEvent).response;
    } catch (err) {
      // Only the error's type goes to the log: its message may carry user data.
      ctx.logger.error({ trigger, errorType: (err as Error)?.name }, 'trigger failed');
      throw cognitoError('UserLambdaValidationException', `${trigger} failed with error ${(err as Error)?.message ?? 'unknown'}.`);
    }
  }
}
