/**
 * The card processor in the Api stack: switched on only when the environment's config names the
 * secret (config.payments) — then the plans Lambda gets PAYMENT_PROVIDER=stripe, the secret's name
 * and the price ids, and GetSecretValue on that one secret; otherwise none of it. Both with zero
 * cdk-nag findings. Also the config checks (a key pasted for the secret's name is refused).
 */
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { SynthesisMessageLevel } from 'aws-cdk-lib/cx-api';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPortal, type PortalStacks } from '../../lib/portal-app.ts';
import { loadConfig } from '../../lib/config.ts';
import { cdkContext } from './synth.ts';

const PAYMENTS = { secretName: 'portal/qa/stripe', prices: { premium: 'price_premium1', professional: 'price_pro1', teleHealth: 'price_tele1' } };

function synth(name: string, payments: unknown) {
  const context = cdkContext();
  const dev = (context.environments as Record<string, Record<string, unknown>>).dev;
  const outdir = join(tmpdir(), 'practice-portal-infra-test', `payments-${name}-${process.pid}`);
  rmSync(outdir, { recursive: true, force: true });
  const app = new App({ outdir, context: { ...context, env: 'qa', environments: { qa: { ...dev, ...(payments ? { payments } : {}) } } } });
  const stacks = buildPortal(app);
  const assembly = app.synth();
  const artifact = assembly.getStackArtifact(stacks.api.artifactId);
  const findings = artifact.messages
    .filter((m) => m.level === SynthesisMessageLevel.ERROR || (m.level === SynthesisMessageLevel.WARNING && /^(AwsSolutions|HIPAA\.Security)-/.test(String(m.entry.data as string))))
    .map((m) => `${m.level} ${m.id}: ${String(m.entry.data as string).slice(0, 200)}`);
  return { stacks, template: Template.fromJSON(artifact.template), findings, cleanup: () => rmSync(outdir, { recursive: true, force: true }) };
}

type Synth = ReturnType<typeof synth> & { stacks: PortalStacks };
let on: Synth;
let off: Synth;
beforeAll(() => {
  on = synth('on', PAYMENTS);
  off = synth('off', null);
}, 240_000);
afterAll(() => {
  on?.cleanup();
  off?.cleanup();
});

function plansFunction(template: Template, description = 'AppSync data source plans') {
  const fns = template.findResources('AWS::Lambda::Function', { Properties: { Description: description } });
  const [id, fn] = Object.entries(fns)[0] ?? [];
  expect(id).toBeDefined();
  return { id: id, props: (fn as { Properties: { Environment: { Variables: Record<string, unknown> }; Timeout: number; Role: { 'Fn::GetAtt': string[] } } }).Properties };
}

function statementsOf(template: Template, roleLogicalId: string) {
  const policies = Object.values(template.findResources('AWS::IAM::Policy')) as Array<{ Properties: { Roles: Array<{ Ref: string }>; PolicyDocument: { Statement: Array<{ Action: string | string[]; Resource: unknown }> } } }>;
  return policies.filter((p) => p.Properties.Roles.some((r) => r.Ref === roleLogicalId)).flatMap((p) => p.Properties.PolicyDocument.Statement);
}

describe('payments in the Api stack', () => {
  it('configured: the plans Lambda uses Stripe, knows the secret by name and the price ids, and may read only that secret', () => {
    const { props } = plansFunction(on.template);
    expect(props.Environment.Variables).toMatchObject({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_ID: 'portal/qa/stripe', STRIPE_PRICES: JSON.stringify(PAYMENTS.prices) });
    expect(props.Timeout).toBe(25);
    const statements = statementsOf(on.template, props.Role['Fn::GetAtt'][0]);
    const secret = statements.filter((s) => JSON.stringify(s.Action).includes('secretsmanager'));
    expect(secret.map((s) => s.Action)).toEqual(['secretsmanager:GetSecretValue']);
    const arn = secret[0].Resource as { 'Fn::Join': [string, unknown[]] };
    const joined = arn['Fn::Join'][1].filter((part) => typeof part === 'string').join('');
    expect(joined.startsWith('arn:')).toBe(true);
    expect(joined.endsWith(':secret:portal/qa/stripe-??????')).toBe(true);
    expect(JSON.stringify(on.template.toJSON())).not.toMatch(/sk_(test|live)_/);
  });

  it('configured: client card payments use the same secret — the billing Lambda (checkouts, refunds) and the payment webhook (its signing secret)', () => {
    for (const description of ['AppSync data source billing', 'Public REST POST /paymentWebhook']) {
      const { props } = plansFunction(on.template, description);
      expect(props.Environment.Variables).toMatchObject({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_ID: 'portal/qa/stripe' });
      const secret = statementsOf(on.template, props.Role['Fn::GetAtt'][0]).filter((s) => JSON.stringify(s.Action).includes('secretsmanager'));
      expect(secret.map((s) => s.Action)).toEqual(['secretsmanager:GetSecretValue']);
      const off_ = plansFunction(off.template, description).props;
      expect(off_.Environment?.Variables ?? {}).not.toHaveProperty('PAYMENT_PROVIDER');
    }
  });

  it('not configured: no provider, no secret, no grant (plan changes stay refused)', () => {
    const { props } = plansFunction(off.template);
    expect(props.Environment.Variables).not.toHaveProperty('PAYMENT_PROVIDER');
    expect(props.Environment.Variables).not.toHaveProperty('STRIPE_SECRET_ID');
    expect(JSON.stringify(off.template.toJSON())).not.toContain('secretsmanager:GetSecretValue');
  });

  it('has zero cdk-nag findings either way', () => {
    expect(on.findings).toEqual([]);
    expect(off.findings).toEqual([]);
  });
});

describe('payments config', () => {
  const configFor = (payments: unknown) => loadConfig(new App({ context: { env: 'qa', environments: { qa: { payments } } } }).node);

  it('reads the secret name, prices and optional KMS key', () => {
    expect(configFor(PAYMENTS).payments).toEqual(PAYMENTS);
    expect(configFor(undefined).payments).toBeUndefined();
  });

  it('refuses a key in place of the secret name, and bad price ids', () => {
    expect(() => configFor({ ...PAYMENTS, secretName: 'sk_live_abc123' })).toThrow(/never the key itself/);
    expect(() => configFor({ ...PAYMENTS, prices: { ...PAYMENTS.prices, premium: 'prod_123' } })).toThrow(/prices.premium must be a Stripe price id/);
    expect(() => configFor({ ...PAYMENTS, prices: { ...PAYMENTS.prices, gold: 'price_x' } })).toThrow(/unknown plans: gold/);
    expect(() => configFor({ secretName: 'portal/qa/stripe' })).toThrow(/prices.premium/);
  });
});
