/**
 * The clearinghouse in the Api stack (issue 16): when the environment's config names the Stedi key's
 * secret (config.clearinghouse), the eligibility Lambda gets CLEARINGHOUSE=stedi, the secret's name
 * and the API base, AppSync's time (25 s), and GetSecretValue on that one secret — with zero cdk-nag
 * findings; the claims Lambda (issue 16: 837P, 277CA, 835) and the scheduled jobs' Lambda (the monthly
 * eligibility recheck) are told the same; no other function is. The eligibility Lambda may invoke
 * itself (the legs of "Recheck now").
 * The config refuses a key pasted for the name.
 */
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { SynthesisMessageLevel } from 'aws-cdk-lib/cx-api';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPortal } from '../../lib/portal-app.ts';
import { loadConfig } from '../../lib/config.ts';
import { cdkContext } from './synth.ts';

const CLEARINGHOUSE = { secretName: 'portal/qa/stedi', apiBase: 'https://healthcare.us.stedi.com/2024-04-01' };
const outdir = join(tmpdir(), 'practice-portal-infra-test', `clearinghouse-${process.pid}`);
let template: Template;
let findings: string[] = [];

beforeAll(() => {
  const context = cdkContext();
  const dev = (context.environments as Record<string, Record<string, unknown>>).dev;
  rmSync(outdir, { recursive: true, force: true });
  const app = new App({ outdir, context: { ...context, env: 'qa', environments: { qa: { ...dev, clearinghouse: CLEARINGHOUSE } } } });
  const stacks = buildPortal(app);
  const artifact = app.synth().getStackArtifact(stacks.api.artifactId);
  findings = artifact.messages
    .filter((m) => m.level === SynthesisMessageLevel.ERROR || (m.level === SynthesisMessageLevel.WARNING && /^(AwsSolutions|HIPAA\.Security)-/.test(String(m.entry.data as string))))
    .map((m) => `${m.level} ${m.id}: ${String(m.entry.data as string).slice(0, 200)}`);
  template = Template.fromJSON(artifact.template);
}, 240_000);
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

type Fn = { Properties: { Description?: string; Environment?: { Variables: Record<string, unknown> }; Timeout?: number; Role: { 'Fn::GetAtt': string[] } } };

describe('the clearinghouse in the Api stack', () => {
  it('the eligibility Lambda uses Stedi with the key read by name, and may read only that secret', () => {
    const fns = Object.values(template.findResources('AWS::Lambda::Function')) as Fn[];
    const eligibility = fns.find((f) => f.Properties.Description === 'AppSync data source eligibility');
    expect(eligibility).toBeDefined();
    expect(eligibility!.Properties.Environment!.Variables).toMatchObject({ CLEARINGHOUSE: 'stedi', CLEARINGHOUSE_SECRET_ID: 'portal/qa/stedi', CLEARINGHOUSE_API_BASE: CLEARINGHOUSE.apiBase });
    expect(eligibility!.Properties.Timeout).toBe(25);
    const claims = fns.find((f) => f.Properties.Description === 'AppSync data source claims');
    expect(claims!.Properties.Environment!.Variables).toMatchObject({ CLEARINGHOUSE: 'stedi', CLEARINGHOUSE_SECRET_ID: 'portal/qa/stedi', CLEARINGHOUSE_API_BASE: CLEARINGHOUSE.apiBase });
    expect(claims!.Properties.Timeout).toBe(25);
    // The scheduled jobs' Lambda (functions/appointment-reminders) runs the monthly eligibility recheck (issue 16).
    const scheduled = fns.find((f) => f.Properties.Description?.startsWith('Appointment reminders'));
    expect(scheduled!.Properties.Environment!.Variables).toMatchObject({ CLEARINGHOUSE: 'stedi', CLEARINGHOUSE_SECRET_ID: 'portal/qa/stedi' });
    const others = fns.filter((f) => f !== eligibility && f !== claims && f !== scheduled && f.Properties.Environment?.Variables && 'CLEARINGHOUSE_SECRET_ID' in f.Properties.Environment.Variables);
    expect(others).toEqual([]);
    const role = eligibility!.Properties.Role['Fn::GetAtt'][0];
    const policies = Object.values(template.findResources('AWS::IAM::Policy')) as Array<{ Properties: { Roles: Array<{ Ref: string }>; PolicyDocument: { Statement: Array<{ Action: string | string[]; Resource: unknown }> } } }>;
    const statements = policies.filter((p) => p.Properties.Roles.some((r) => r.Ref === role)).flatMap((p) => p.Properties.PolicyDocument.Statement);
    // "Recheck now" (session 8): the function invokes itself for its next leg — only itself.
    const eligibilityId = Object.entries(template.findResources('AWS::Lambda::Function')).find(([, f]) => f === (eligibility as unknown))![0];
    const invoke = statements.filter((s) => JSON.stringify(s.Action).includes('lambda:InvokeFunction'));
    expect(invoke).toEqual([expect.objectContaining({ Action: 'lambda:InvokeFunction', Resource: { 'Fn::GetAtt': [eligibilityId, 'Arn'] } })]);
    const secret = statements.filter((s) => JSON.stringify(s.Action).includes('secretsmanager'));
    expect(secret.map((s) => s.Action)).toEqual(['secretsmanager:GetSecretValue']);
    const joined = (secret[0].Resource as { 'Fn::Join': [string, unknown[]] })['Fn::Join'][1].filter((part) => typeof part === 'string').join('');
    expect(joined.endsWith(':secret:portal/qa/stedi-??????')).toBe(true);
    expect(findings).toEqual([]);
  });

  it('refuses a key in place of the secret\'s name and a non-https API base', () => {
    const config = (clearinghouse: unknown) => {
      const context = cdkContext();
      const dev = (context.environments as Record<string, Record<string, unknown>>).dev;
      return loadConfig(new App({ context: { ...context, env: 'qa', environments: { qa: { ...dev, clearinghouse } } } }).node);
    };
    expect(config(CLEARINGHOUSE).clearinghouse).toEqual(CLEARINGHOUSE);
    expect(() => config({ secretName: 'test_4f9c2a1b8e7d6c5b4a3f2e1d0c9b8a7f' })).toThrow(/name of a Secrets Manager secret/);
    expect(() => config({ secretName: 'portal/qa/stedi', apiBase: 'http://example.test' })).toThrow(/https URL/);
  });
});
