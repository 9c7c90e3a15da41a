/**
 * Synthesizes the whole portal for one environment, as `cdk synth -c env=<env>` would (same
 * cdk.json context, same buildPortal), into a fixed folder under the OS temp dir.
 */
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { SynthesisMessageLevel, type CloudAssembly } from 'aws-cdk-lib/cx-api';
import type { NestedStack, Stack } from 'aws-cdk-lib';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildPortal, type PortalStacks } from '../../lib/portal-app.ts';

export const ROOT = resolve(import.meta.dirname, '../..');

export function cdkContext(): Record<string, unknown> {
  return JSON.parse(readFileSync(join(ROOT, 'cdk.json'), 'utf8')).context;
}

export interface Synthesized {
  stacks: PortalStacks;
  assembly: CloudAssembly;
  outdir: string;
  template(stack: Stack): Template;
  /** A nested stack's template (its file in the assembly). */
  nestedTemplate(stack: NestedStack): Template;
  /** Every template of the assembly, nested stacks' included, by file name. */
  allTemplates(): Map<string, { Resources?: Record<string, unknown> }>;
  /** cdk-nag findings (errors and warnings) and any other error annotation of a stack. */
  findings(stack: Stack): string[];
  cleanup(): void;
}

export function synthPortal(env: string, options: Parameters<typeof buildPortal>[1] = {}): Synthesized {
  const outdir = join(tmpdir(), 'practice-portal-infra-test', `${env}-${process.pid}`);
  rmSync(outdir, { recursive: true, force: true });
  const app = new App({ outdir, context: { ...cdkContext(), env } });
  const stacks = buildPortal(app, options);
  const assembly = app.synth();
  const templates = new Map<string, Template>();
  return {
    stacks,
    assembly,
    outdir,
    template(stack) {
      let template = templates.get(stack.artifactId);
      if (!template) {
        template = Template.fromJSON(assembly.getStackArtifact(stack.artifactId).template);
        templates.set(stack.artifactId, template);
      }
      return template;
    },
    nestedTemplate(stack) {
      return Template.fromJSON(JSON.parse(readFileSync(join(outdir, stack.templateFile), 'utf8')));
    },
    allTemplates() {
      const files = readdirSync(outdir).filter((f) => f.endsWith('.template.json') || f.endsWith('.nested.template.json'));
      return new Map(files.map((f) => [f, JSON.parse(readFileSync(join(outdir, f), 'utf8'))]));
    },
    findings(stack) {
      return assembly
        .getStackArtifact(stack.artifactId)
        .messages.filter((m) => m.level === SynthesisMessageLevel.ERROR || (m.level === SynthesisMessageLevel.WARNING && /^(AwsSolutions|HIPAA\.Security)-/.test(String(m.entry.data as string))))
        .map((m) => `${m.level} ${m.id}: ${String(m.entry.data as string).slice(0, 200)}`);
    },
    cleanup: () => rmSync(outdir, { recursive: true, force: true }),
  };
}

/** A template's resources as [logical id, resource] pairs. */
export type CfnResource = { Type: string; Properties: Record<string, any> };
export function resourcesOf(template: Template): Array<[string, CfnResource]> {
  return Object.entries((template.toJSON() as { Resources: Record<string, CfnResource> }).Resources);
}

/** The IAM policy statements among these resources (of the policies whose logical id matches `id`, if given). */
export type PolicyStatement = { Effect: string; Action: string | string[]; Resource: unknown };
export function statementsOf(resources: Array<[string, CfnResource]>, id?: RegExp): PolicyStatement[] {
  return resources
    .filter(([logicalId, r]) => r.Type === 'AWS::IAM::Policy' && (!id || id.test(logicalId)))
    .flatMap(([, r]) => r.Properties.PolicyDocument.Statement as PolicyStatement[]);
}
